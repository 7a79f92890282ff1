import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfigError } from '@/config/env'

const calls: string[] = []
const fake = vi.hoisted(() => ({ config: null as null | Error, turns: null as null | Array<() => void> }))

// The browser's turns, given one at a time by the first test (the others let them pass).
vi.mock('@/lib/after-first-paint', async (real) => ({
  ...(await real<typeof import('@/lib/after-first-paint')>()),
  nextTask: () => (fake.turns ? new Promise<void>((resolve) => fake.turns!.push(resolve)) : Promise.resolve()),
}))

vi.mock('@/config/env', async (real) => ({
  ...(await real<typeof import('@/config/env')>()),
  env: () => {
    if (fake.config) throw fake.config
    return {}
  },
}))
vi.mock('@/app/platform', () => ({
  startPlatform: () => {
    calls.push('platform')
    return { redirects: { whenReady: () => Promise.resolve() }, builds: null }
  },
}))
vi.mock('@/app/app-routes', () => ({
  prepareFirstPage: (path: string) => {
    calls.push(`first page ${path}`)
    return Promise.resolve()
  },
  preloadRouteTable: () => calls.push('route table'),
}))
vi.mock('@/app/prerender-data', () => ({
  PRERENDER_DATA_ID: 'roots-prerender',
  primeFrom: (el: Element) => {
    calls.push(`prime ${el.textContent}`)
    return Promise.resolve()
  },
}))
vi.mock('@/app/App', () => ({ App: () => <p id='page'>the page</p> }))

const { startApp } = await import('./start')

function page(serverRendered: boolean) {
  document.body.innerHTML = serverRendered
    ? `<div id="root"><p id="page">the page</p></div><script type="application/json" id="roots-prerender">{"path":"/"}</script>`
    : `<div id="root"></div>`
  return document.getElementById('root')!
}

beforeEach(() => {
  calls.length = 0
  fake.config = null
  fake.turns = null
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('startApp', () => {
  it('gives the browser a turn between the start-up steps', async () => {
    const turns: Array<() => void> = []
    fake.turns = turns
    const root = page(true)
    const started = startApp(root)
    const turn = async () => {
      await vi.waitFor(() => expect(turns).toHaveLength(1))
      turns.shift()!()
      await new Promise((r) => setTimeout(r, 0))
    }
    // The theme is set with the modules' evaluation; nothing else has run yet.
    expect(document.documentElement.getAttribute('data-theme')).toBeTruthy()
    expect(calls).toEqual([])
    await turn()
    expect(calls).toEqual(['platform'])
    await turn()
    expect(calls).toEqual(['platform', 'first page /'])
    await turn()
    expect(calls).toEqual(['platform', 'first page /', 'prime {"path":"/"}'])
    const hydrated = () => Object.keys(root.querySelector('#page')!).some((k) => k.startsWith('__react'))
    expect(hydrated()).toBe(false)
    await turn()
    await started
    expect(calls.at(-1)).toBe('route table')
    expect(turns).toEqual([])
  })

  it('hydrates a server-rendered page, keeping its elements', async () => {
    const root = page(true)
    const rendered = document.getElementById('page')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await startApp(root)
    await waitFor(() => expect(Object.keys(rendered!).some((k) => k.startsWith('__react'))).toBe(true))
    expect(document.getElementById('page')).toBe(rendered)
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  it('renders a page that was not server-rendered', async () => {
    const root = page(false)
    await startApp(root)
    await waitFor(() => expect(root.textContent).toBe('the page'))
    expect(calls).not.toContainEqual(expect.stringMatching(/^prime/))
  })

  it('names the missing configuration instead of starting', async () => {
    fake.config = new ConfigError('VITE_SUPABASE_URL is not set')
    const root = page(false)
    await startApp(root)
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Roots Allotments is not configured'))
    expect(root.querySelector('[role=alert]')?.textContent).toBe('VITE_SUPABASE_URL is not set')
    expect(calls).toEqual([])
  })

  it('lets any other start-up failure through, to the error reporting', async () => {
    fake.config = new TypeError('broken')
    await expect(startApp(page(false))).rejects.toThrow('broken')
  })
})
