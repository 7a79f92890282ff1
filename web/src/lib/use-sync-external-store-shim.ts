// React 19 has useSyncExternalStore built in; wouter still imports the React 17 shim, which
// would only add bytes to the first load (vite.config.ts aliases the shim to this module).
export { useSyncExternalStore } from 'react'
