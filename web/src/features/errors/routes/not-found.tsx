// Unmatched routes: page-not-found with the full path (query and hash included).
import { useLocation, useSearch } from 'wouter'
import { LazyErrorPage as ErrorPage } from '../components/LazyErrorPage'

export function NotFoundRoute() {
  const [location] = useLocation()
  const search = useSearch()
  const hash = globalThis.location?.hash ?? ''
  return <ErrorPage status={404} path={`${location}${search ? `?${search}` : ''}${hash}`} />
}
