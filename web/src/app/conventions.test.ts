// @vitest-environment node
// One way each, checked on every source file: page titles through usePageMeta/setPageMeta
// (lib/page-meta.ts), never `document.title =` or a private title hook of a page's own; and no
// comment or document points at a spec section or an issue number, which live outside the repo.
import { execFileSync } from 'node:child_process'
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
    expect(
      titleBreach(
        'features/x/routes/a.tsx',
        "useEffect(() => { document.title = 'A | Roots' }, [])",
      ),
    ).toBe('sets document.title by hand')
    expect(titleBreach('features/x/routes/a.tsx', 'const useTitle = (t: string) => 1')).toBe(
      'has a title hook of its own',
    )
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

/** A reference to a document outside the repository ("spec §3", "issue 21"), or null. */
export function outsideReference(text: string): string | null {
  return /\b[Ss]pec §\d|\b[Ii]ssues? \d+\b/.exec(text)?.[0] ?? null
}

describe("comments and documents speak in the project's own words", () => {
  it('the rule itself', () => {
    expect(outsideReference('// The guard of spec §6')).toBe('spec §6')
    expect(outsideReference('-- Data rights (issue 21)')).toBe('issue 21')
    expect(outsideReference('// Issues 20 and 22')).toBe('Issues 20')
    expect(outsideReference('// an issue with the date')).toBeNull()
  })
  it('no source file or document names a spec section or an issue number', () => {
    const root = join(SRC, '..', '..')
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n')
      .filter((f) =>
        /\.(ts|tsx|mjs|sql|md|toml|json)$/.test(f) && !f.endsWith('package-lock.json') &&
        f !== 'web/src/app/conventions.test.ts'
      )
    const found = files.flatMap((f) => {
      let text: string
      try {
        text = readFileSync(join(root, f), 'utf8')
      } catch {
        return [] // listed by git, removed in the working tree
      }
      return text.split('\n').flatMap((line, i) => {
        const ref = outsideReference(line)
        return ref ? [`${f}:${i + 1}: ${ref}`] : []
      })
    })
    expect(found).toEqual([])
  })
})
