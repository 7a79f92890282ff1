// definePath: a route pattern and the typed function that builds its concrete URL.

export type Params<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof Params<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}*` ? { [K in Name]: string }
  : P extends `${string}:${infer Name}` ? { [K in Name]: string }
  : Record<never, never>

export interface PathEntry<P extends string> {
  /** The wouter pattern, e.g. `/sites/:cityslug/:slug`. */
  path: P
  /** The concrete URL; every parameter is percent-encoded (a `*` wildcard keeps its slashes). */
  getHref: keyof Params<P> extends never ? () => string : (params: Params<P>) => string
}

export function definePath<P extends string>(path: P): PathEntry<P> {
  const getHref = (params: Record<string, string> = {}) =>
    path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\*)?/g, (_m, name: string, wild?: string) => {
      const value = params[name]
      if (value === undefined || value === '') {
        throw new Error(`getHref(${path}): missing parameter ${name}`)
      }
      return wild ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)
    })
  return { path, getHref } as PathEntry<P>
}
