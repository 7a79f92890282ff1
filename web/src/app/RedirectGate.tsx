// Every navigation consults the cached redirect table synchronously, before the page renders:
// internal redirects go through wouter (replace), external ones through location.replace.
// On a first visit (cold cache) pages wait for the first answer, for at most a few seconds; with
// a stored table they render at once, but only this session's first answer (or failure) lets a
// page send an address to /404: the stored table may not know a site closed since.
import { type ReactNode, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { useLocation, useSearch } from 'wouter'
import { COLD_START_TIMEOUT_MS, type RedirectCache } from '@/lib/redirects'
import { RedirectsKnown } from '@/lib/redirects-known'

export interface RedirectGateProps {
  cache: RedirectCache
  children: ReactNode
  replaceExternal?: (url: string) => void
}

export function RedirectGate({
  cache,
  children,
  replaceExternal = (url) => globalThis.location.replace(url),
}: RedirectGateProps) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  useSyncExternalStore(cache.subscribe, cache.getVersion, cache.getVersion)
  const [coldTimedOut, setColdTimedOut] = useState(false)
  const full = `${location}${search ? `?${search}` : ''}${globalThis.location?.hash ?? ''}`
  const hit = cache.lookup(full)

  useLayoutEffect(() => {
    if (!hit) return
    if (hit.external) replaceExternal(hit.to)
    else navigate(hit.to, { replace: true })
  }, [hit?.to, hit?.external]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    void cache.refreshIfStale()
  }, [cache, location])

  useEffect(() => {
    if (cache.ready) return
    const t = setTimeout(() => setColdTimedOut(true), COLD_START_TIMEOUT_MS)
    return () => clearTimeout(t)
  }, [cache])

  if (hit) return null
  if (!cache.ready && !coldTimedOut) return null
  return <RedirectsKnown.Provider value={cache.checked}>{children}</RedirectsKnown.Provider>
}
