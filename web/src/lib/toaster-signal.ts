// Whether the page has asked for a toast yet. The app mounts the toaster (and loads its code)
// only then, so pages that never toast, the home page first of all, do not carry it.
type Listener = () => void

let wanted = false
const listeners = new Set<Listener>()

export const isToasterWanted = () => wanted

export function subscribeToaster(listener: Listener) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function wantToaster() {
  if (wanted) return
  wanted = true
  // After the current render or handler, never during another component's render.
  queueMicrotask(() => listeners.forEach((l) => l()))
}
