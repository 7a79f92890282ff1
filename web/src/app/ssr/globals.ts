// Server build only, imported first by entry-server.tsx: a few modules bind `document` when they
// load (their browser effects, used only in event handlers and effects, which never run on the
// server). An inert stand-in lets them load; nothing rendered reads it.
const inert = {
  cookie: '',
  querySelector: () => null,
  querySelectorAll: () => [],
  getElementById: () => null,
}
;(globalThis as { document?: unknown }).document ??= inert
