// Lazy route pages that can be fetched ahead. React.lazy suspends on its first render even when
// the chunk is already in, and a Suspense boundary that has just shown its fallback waits about
// 300 ms before revealing the page; a page preloaded before the first render (main.tsx) instead
// renders at once, so a visitor landing on it sees it as soon as its chunk arrives.
import { type ComponentType, lazy } from 'react'

export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<void> }

export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<void> | null = null
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default
      },
      (e: unknown) => {
        pending = null
        throw e
      },
    ))
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })))
  const Page = (props: P) => {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  return Object.assign(Page, { preload })
}

/** A named export of a lazily loaded module as a page. */
export const namedPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPage =>
  lazyPage(() => load().then((m) => ({ default: m[name] as ComponentType })))

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/**
 * A wouter route pattern as a regular expression matching the same paths: case-insensitive,
 * optional trailing slash, `:param`, optional `:param?`, wildcards `*`, `*?` and `:param*`.
 */
export function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg === '*') return '/.+'
      if (seg === '*?') return '(?:/.*)?'
      const param = /^:[A-Za-z_]\w*(\*|\?)?$/.exec(seg)
      if (param) return param[1] === '*' ? '/.+' : param[1] === '?' ? '(?:/[^/]+)?' : '/[^/]+'
      return '/' + escape(seg)
    })
    .join('')
  return new RegExp(`^${body}/?$`, 'i')
}

/** Preloads a component made by lazyPage (anything else is there already). */
export const preloadPage = (component: unknown): Promise<void> => {
  const preload = (component as Partial<LazyPage> | null)?.preload
  return typeof preload === 'function' ? preload() : Promise.resolve()
}
