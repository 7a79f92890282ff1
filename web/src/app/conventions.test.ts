// @vitest-environment node
// One way each, checked on every source file: page titles through usePageMeta/setPageMeta
// (lib/page-meta.ts), never `document.title =` or a private title hook of a page's own.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Why a file's text sets a page title its own way, or null. */
export function titleBreach(file: string, text: string): string | null {
  if (file === 'lib/page-meta.ts') return null
  if (/document\.title\s*=(?!=)/.test(text)) return 'sets document.title by hand'
  if (/\b(const|function)\s+useTitle\b/.test(text)) return 'has a title hook of its own'
  return null
}

describe('page titles', () => {
  it('the rule itself', () => {
    expect(titleBreach('features/x/routes/a.tsx', "useEffect(() => { document.title = 'A | Roots' }, [])")).toBe('sets document.title by hand')
    expect(titleBreach('features/x/routes/a.tsx', 'const useTitle = (t: string) => 1')).toBe('has a title hook of its own')
    expect(titleBreach('features/x/routes/a.tsx', "usePageMeta('A')")).toBeNull()
    expect(titleBreach('features/x/routes/a.tsx', "if (document.title === 'A') x()")).toBeNull()
  })
  it('every page sets its title through usePageMeta', () => {
    const breaches = sourceFiles(SRC)
      .map((f) => {
        const rel = relative(SRC, f)
        const why = titleBreach(rel, readFileSync(f, 'utf8'))
        return why ? `${rel}: ${why}` : null
      })
      .filter(Boolean)
    expect(breaches).toEqual([])
  })
})
