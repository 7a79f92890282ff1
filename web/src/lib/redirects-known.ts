// Whether the redirect table is known yet (app/RedirectGate provides it): true once this session's
// first read of it settled either way (a table from storage is not enough: it may predate a site's
// closure). A page that would send an unknown address to /404 waits for it: the page may render
// before the table arrives, and the address may be one the table redirects (a closed site's old
// page), which the gate then follows.
import { createContext, useContext } from 'react'

export const RedirectsKnown = createContext(true)

export const useRedirectsKnown = () => useContext(RedirectsKnown)
