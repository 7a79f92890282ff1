// The app's start-up, in steps with the browser's turn between them. Each step was part of the
// entry module's evaluation, one task with the modules' own evaluation: on a slow phone one long
// task that held back a tap on the page it had just painted (Lighthouse counts it as blocking
// time). Now the modules evaluate, then the services start, then the page's chunks are asked for,
// then the server's data goes into the stores, each in its own task; the first render (a
// transition) is sliced by React itself.
import { css } from 'goober'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { ConfigError, env } from '@/config/env'
import { applyTheme } from '@/config/theme'
import { nextTask } from '@/lib/after-first-paint'
import { App } from '@/app/App'
import { prepareFirstPage, preloadRouteTable } from '@/app/app-routes'
import { installGlobalStyles } from '@/app/global-styles'
import { startPlatform } from '@/app/platform'
import { PRERENDER_DATA_ID, primeFrom } from '@/app/prerender-data'
import { replayEarlyTap } from '@/app/early-tap'

const notConfigured = css`
  max-width: 40rem;
  margin: 3rem auto;
  padding: 0 1rem;
`

/** Renders nothing: once the first render has committed (the HTML hydrated), an early tap replays. */
function ReplayEarlyTap() {
  useEffect(() => replayEarlyTap(), [])
  return null
}

async function start(container: HTMLElement, doc: Document) {
  applyTheme(doc)
  installGlobalStyles()
  // A server-rendered page carries the data it was rendered with: the stores take it
  // before the first render, which then hydrates the HTML instead of replacing it.
  const prerendered = doc.getElementById(PRERENDER_DATA_ID)
  await nextTask()
  const platform = startPlatform(env())
  await nextTask()
  // The first render waits for what it would otherwise render twice for: the page's chunks and,
  // on a first visit, the redirect table (preloaded with the HTML, so usually in already).
  const firstPage = prepareFirstPage(location.pathname)
  await nextTask()
  const primed = prerendered && primeFrom(prerendered)
  await Promise.all([firstPage, platform.redirects.whenReady(), primed])
  await nextTask()
  const app = (
    <StrictMode>
      <App platform={platform} />
      <ReplayEarlyTap />
    </StrictMode>
  )
  // The first render is a transition: React renders it in slices of a few milliseconds.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app)
    else createRoot(container).render(app)
  })
  preloadRouteTable()
}

/** Starts the app in `container`; a missing runtime config names what is missing. */
export function startApp(container: HTMLElement, doc: Document = document): Promise<void> {
  return start(container, doc).catch((e: unknown) => {
    if (!(e instanceof ConfigError)) throw e
    createRoot(container).render(
      <main id='main' className={notConfigured}>
        <h1>Roots Allotments is not configured</h1>
        <p role='alert'>{e.message}</p>
      </main>,
    )
  })
}
