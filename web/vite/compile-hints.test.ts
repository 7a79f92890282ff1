// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT } from './compile-hints'

const bundle = () => ({
  'assets/app-shell-a1.js': {
    type: 'chunk' as const,
    fileName: 'assets/app-shell-a1.js',
    isEntry: true,
    code: 'const __vite__mapDeps=1;\nrun()',
  },
  'assets/app-shell-a1.js.map': {
    type: 'asset' as const,
    fileName: 'assets/app-shell-a1.js.map',
    source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }),
  },
  'assets/site-page-b2.js': {
    type: 'chunk' as const,
    fileName: 'assets/site-page-b2.js',
    isEntry: false,
    code: 'export const x=1',
  },
  'assets/app-shell.css': {
    type: 'asset' as const,
    fileName: 'assets/app-shell.css',
    source: 'a{}',
  },
})

describe('compile hints', () => {
  it('puts the hint on the first line of the entry chunk only', () => {
    const b = bundle()
    expect(addCompileHints(b)).toEqual(['assets/app-shell-a1.js'])
    expect(b['assets/app-shell-a1.js'].code).toBe(
      `${COMPILE_HINT}\nconst __vite__mapDeps=1;\nrun()`,
    )
    expect(b['assets/site-page-b2.js'].code).toBe('export const x=1')
    expect(b['assets/app-shell.css'].source).toBe('a{}')
  })

  it("moves the entry's source map down one line, so it still points at the same code", () => {
    const b = bundle()
    addCompileHints(b)
    expect(JSON.parse(b['assets/app-shell-a1.js.map'].source).mappings).toBe(';AAAA;AACA')
  })

  it('adds the hint once when it runs twice', () => {
    const b = bundle()
    addCompileHints(b)
    expect(addCompileHints(b)).toEqual([])
    expect(b['assets/app-shell-a1.js'].code.split(COMPILE_HINT)).toHaveLength(2)
  })
})
