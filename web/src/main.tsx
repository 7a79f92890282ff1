import { css } from 'goober'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { ConfigError, env } from '@/config/env'
import { applyTheme } from '@/config/theme'
import { App } from '@/app/App'
import { prepareFirstPage, preloadRouteTable } from '@/app/app-routes'
import { installGlobalStyles } from '@/app/global-styles'
import { startPlatform } from '@/app/platform'
import { primeFrom } from '@/app/prerender-data'

const notConfigured = css`max-width: 40rem; margin: 3rem auto; padding: 0 1rem;`

applyTheme()
installGlobalStyles()
const container = document.getElementById('root')!
// A server-rendered page (issue 22) carries the data it was rendered with: the stores take it
// before the first render, which then hydrates the HTML instead of replacing it.
const prerendered = document.getElementById('roots-prerender')

try {
  const platform = startPlatform(env())
  // The first render waits for what it would otherwise render twice for: the page's chunks and,
  // on a first visit, the redirect table (preloaded with the HTML, so usually in already).
  // The first render is a transition: React renders it in slices of a few milliseconds, so the
  // start-up is not one long task that holds back a tap.
  void Promise.all([
    prepareFirstPage(location.pathname),
    platform.redirects.whenReady(),
    prerendered && primeFrom(prerendered),
  ]).then(() => {
    const app = (
      <StrictMode>
        <App platform={platform} />
      </StrictMode>
    )
    startTransition(() => {
      if (prerendered) hydrateRoot(container, app)
      else createRoot(container).render(app)
    })
    preloadRouteTable()
  })
} catch (e) {
  if (!(e instanceof ConfigError)) throw e
  // Spec §8: a missing backend URL or key names what is missing.
  createRoot(container).render(
    <main id='main' className={notConfigured}>
      <h1>Roots Allotments is not configured</h1>
      <p role='alert'>{e.message}</p>
    </main>,
  )
}
