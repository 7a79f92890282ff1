// Build: the shell chunk (React, the router, the stores, the home page) tells V8 that its functions
// run while the page loads (V8's explicit compile hint, Chromium 136+), so V8 compiles them as the
// file is read instead of one by one on the main thread the first time each is called: during the
// app's start and hydration, on a phone, that compiling was a good part of the work that held back
// a tap. Lazy chunks keep V8's own choice: most of their functions run only when used. Browsers
// without the hint read a comment.
import type { Plugin } from 'vite'

/** V8 reads it only at the very top of the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

interface Output {
  type: 'chunk' | 'asset'
  fileName: string
  isEntry?: boolean
  code?: string
  source?: string | Uint8Array
}

/** Puts the hint first in every entry chunk; a source map of it moves down the added line. */
export function addCompileHints(bundle: Record<string, Output>): string[] {
  const hinted: string[] = []
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.code === undefined) continue
    if (chunk.code.startsWith(COMPILE_HINT)) continue
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`
    const map = bundle[`${chunk.fileName}.map`]
    if (map?.type === 'asset' && typeof map.source === 'string') {
      const parsed = JSON.parse(map.source) as { mappings: string }
      map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` })
    }
    hinted.push(chunk.fileName)
  }
  return hinted
}

export function compileHints(): Plugin {
  return {
    name: 'roots-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite has put its preload map at the top of the entry (that goes below the hint).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle as unknown as Record<string, Output>)
      },
    },
  }
}
