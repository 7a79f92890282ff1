// Whether the redirect table is known yet (app/RedirectGate provides it): true once it came from
// storage or its first read settled either way. A page that would send an unknown address to /404
// waits for it: on a slow first visit the page may render before the table arrives, and the
// address may be one the table redirects (a closed site's old page), which the gate then follows.
import { createContext, useContext } from 'react'

export const RedirectsKnown = createContext(true)

export const useRedirectsKnown = () => useContext(RedirectsKnown)
