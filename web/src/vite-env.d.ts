/// <reference types="vite/client" />

/** The build's id (`dev` on the dev server); compared with /builds/latest.json. */
declare const __BUILD_ID__: string
