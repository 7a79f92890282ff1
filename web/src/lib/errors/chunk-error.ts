// After a deployment, a tab still running the old build asks for chunk files that no longer
// exist. Such failures are answered with one guarded reload (the new build) instead of an error
// page.

const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_FAILURE.some((re) => re.test(message))
}
