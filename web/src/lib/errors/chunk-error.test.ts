import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from './chunk-error'

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a missing chunk', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'),
      ),
    ).toBe(true)
    expect(
      isChunkLoadError(
        new TypeError('error loading dynamically imported module: https://x/assets/a.js'),
      ),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})
