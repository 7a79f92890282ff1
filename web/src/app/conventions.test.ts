// @vitest-environment node
// One way each, checked on every source file: page titles through usePageMeta/setPageMeta
// (lib/page-meta.ts), never `document.title =` or a private title hook of a page's own; dates
// through @common/dates (lib/dates here), never a formatter of a file's own; one class named
// FunctionError, the functions' error both tiers share; and no comment or document points at a
// spec section or an issue number, which live outside the repo.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')
const ROOT = join(SRC, '..', '..')
const FUNCTIONS = join(ROOT, 'supabase', 'functions')

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

/** The files that write dates: the owner, and the web app's name for it. */
const DATE_OWNERS = new Set(['supabase/functions/_shared/common/dates.ts', 'web/src/lib/dates.ts'])
/**
 * Files of the plots work, which landed beside this rule with date formatters of their own; that
 * work is moving them onto lib/dates and @common/dates. Take each out of this list as it does.
 */
const NOT_YET_MOVED = new Set([
  'supabase/functions/plot-inspections/handler.ts',
  'web/src/features/admin-plots/components/when.ts',
])

/** Why a file's text formats a date or a time itself, or null (`file` from the repository root). */
export function dateBreach(file: string, text: string): string | null {
  if (DATE_OWNERS.has(file) || NOT_YET_MOVED.has(file)) return null
  const found =
    /\.toLocaleDateString\(|\.toLocaleTimeString\(|\bIntl\.DateTimeFormat\b|\.toUTCString\(\)/.exec(
      text,
    ) ??
      /new Date\([^)]*\)\.toLocaleString\(|\.toLocaleString\([^)]*\b(dateStyle|timeStyle|weekday|month|hour|timeZone)\b/
        .exec(
          text,
        )
  return found
    ? `formats a date itself (${
      found[0].replace(/\s+/g, ' ').slice(0, 40)
    }): use @/lib/dates or @common/dates`
    : null
}

describe('dates, in Europe/London, one way', () => {
  it('the rule itself', () => {
    expect(dateBreach('web/src/features/x/a.tsx', "new Date(iso).toLocaleDateString('en-GB')"))
      .toMatch(/formats a date/)
    expect(dateBreach('web/src/features/x/a.tsx', "d.toLocaleTimeString('en-GB')")).toMatch(
      /formats a date/,
    )
    expect(dateBreach('supabase/functions/x/handler.ts', "new Intl.DateTimeFormat('en-GB', {})"))
      .toMatch(/formats/)
    expect(dateBreach('web/src/features/x/a.tsx', "new Date(iso).toLocaleString('en-GB')")).toMatch(
      /formats/,
    )
    expect(
      dateBreach('web/src/features/x/a.tsx', "d.toLocaleString('en-GB', {\n dateStyle: 'short' })"),
    ).toMatch(/formats/)
    expect(
      dateBreach('supabase/functions/x/handler.ts', 'new Date(iso).toUTCString().slice(0, 16)'),
    ).toMatch(/formats/)
    // Numbers are not dates.
    expect(dateBreach('web/src/features/x/a.tsx', "n.toLocaleString('en-GB')")).toBeNull()
    expect(dateBreach('web/src/lib/dates.ts', "new Intl.DateTimeFormat('en-GB')")).toBeNull()
  })
  it('no file of the web app or the functions but the owner formats a date', () => {
    const breaches = [...sourceFiles(SRC), ...sourceFiles(FUNCTIONS)]
      .map((f) => {
        const rel = relative(ROOT, f)
        const why = dateBreach(rel, readFileSync(f, 'utf8'))
        return why ? `${rel}: ${why}` : null
      })
      .filter(Boolean)
    expect(breaches).toEqual([])
  })
})

describe('one FunctionError', () => {
  it('the class of that name is the one both tiers share, in _shared/common', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path)
        return /\.(ts|tsx)$/.test(entry.name) ? [path] : []
      })
    const declared = [...files(SRC), ...files(FUNCTIONS)]
      .filter((f) => /\bclass\s+FunctionError\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
    expect(declared).toEqual(['supabase/functions/_shared/common/function-error.ts'])
  })
})

/**
 * A reference to a document outside the repository ("spec §3", "spec 5", a bare "§7", "issue 21"),
 * or null. A section of a standard named beside it ("RFC 5545 §3.1") is a reference anyone can
 * follow.
 */
export function outsideReference(text: string): string | null {
  return /\b[Ss]pec(?:'s)? §? ?\d|(?<!RFC \d+ )§ ?\d|\b[Ii]ssues? #?\d+\b/.exec(text)?.[0] ?? null
}

describe("comments and documents speak in the project's own words", () => {
  it('the rule itself', () => {
    expect(outsideReference('// The guard of spec §6')).toBe('spec §6')
    expect(outsideReference('-- Data rights (issue 21)')).toBe('issue 21')
    expect(outsideReference('// Issues 20 and 22')).toBe('Issues 20')
    expect(outsideReference('-- site fields of spec 3')).toBe('spec 3')
    expect(outsideReference("// spec 5's lookup")).toBe('spec 5')
    expect(outsideReference('// New-build detection (§7 call 11)')).toBe('§7')
    expect(outsideReference('// as issue #12 asked')).toBe('issue #12')
    expect(outsideReference('// folded as RFC 5545 §3.1 says')).toBeNull()
    expect(outsideReference('// the spec message')).toBeNull()
    expect(outsideReference('// an issue with the date')).toBeNull()
  })
  it('no source file or document names a spec section or an issue number', () => {
    const root = ROOT
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
