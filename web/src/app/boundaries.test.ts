// @vitest-environment node
// The import boundaries of docs/style.md, checked on every source file (tests too): a feature
// never imports another feature or the app; the shared layers (components, config, lib) never
// import a feature or the app. The app composes features; a feature gets what it needs from
// another through the app (props, route tables) or through a shared layer.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')
const SHARED = ['components', 'config', 'lib', 'hooks', 'stores', 'types', 'utils', 'testing']

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

/** The module an import names, relative to src ('features/x/y'), or null for a package. */
export function target(fromFile: string, spec: string): string | null {
  if (spec.startsWith('@/')) return normalize(spec.slice(2))
  if (spec.startsWith('.')) return normalize(join(dirname(fromFile), spec))
  return null
}

/** Why an import from `file` (relative to src) of `spec` breaks a boundary, or null. */
export function violation(file: string, spec: string): string | null {
  const to = target(file, spec)
  if (!to) return null
  const [fromTop, fromFeature] = file.split('/')
  const [toTop, toFeature] = to.split('/')
  if (fromTop === 'features' && toTop === 'features' && toFeature !== fromFeature) {
    return `feature ${fromFeature} imports feature ${toFeature}`
  }
  if (fromTop === 'features' && toTop === 'app') return `feature ${fromFeature} imports the app`
  if (SHARED.includes(fromTop!) && (toTop === 'features' || toTop === 'app')) {
    return `${fromTop} imports ${toTop}`
  }
  return null
}

function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!).filter(Boolean)
}

describe('import boundaries', () => {
  it('the rule itself: what it refuses and what it lets through', () => {
    expect(violation('features/legal/routes/cookies.tsx', '@/features/consent/consent-effects'))
      .toBe('feature legal imports feature consent')
    expect(violation('features/legal/routes/cookies.tsx', '../../consent/x')).toBe(
      'feature legal imports feature consent',
    )
    expect(violation('features/legal/routes/cookies.tsx', '../components/Card')).toBeNull()
    expect(violation('features/legal/routes/cookies.tsx', '@/app/admin/routes')).toBe(
      'feature legal imports the app',
    )
    expect(violation('lib/toast.ts', '@/features/errors/x')).toBe('lib imports features')
    expect(violation('components/Modal.tsx', '../app/router')).toBe('components imports app')
    expect(violation('app/router.tsx', '@/features/home/routes/home')).toBeNull()
    expect(violation('lib/toast.ts', 'react-hot-toast')).toBeNull()
    expect(
      importsOf(
        "import a from './a'\nimport type { B } from '@/b'\nconst c = import('./c')\nimport './d.css'\nexport { e } from '../e'",
      ),
    )
      .toEqual(['./a', '@/b', './c', './d.css', '../e'])
  })

  it('no source file crosses a boundary', () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(300)
    const problems = files.flatMap((path) => {
      const file = relative(SRC, path)
      return importsOf(readFileSync(path, 'utf8')).flatMap((spec) => {
        const why = violation(file, spec)
        return why ? [`${file}: '${spec}' (${why})`] : []
      })
    })
    expect(problems).toEqual([])
  })
})
