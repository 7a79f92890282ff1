// The line between the stand-in platform (stack/) and the product (web/, supabase/, e2e/, bench/,
// scripts/). The stand-in reaches the product only through stack/product.ts, which says why each
// import is needed; what a deployment runs (the web app and its server, the functions, the seed
// data builders) never imports the stand-in, which is not deployed. Every import is read with
// TypeScript's parser: static imports, re-exports, `import type`, `import('…')` types and dynamic
// imports; a dynamic import of a computed path (which could load anything) counts too.
import assert from 'node:assert/strict'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { ROOT } from '../../config.ts'

/** The one file in stack/ that may import from the product. */
const INTERFACE = 'stack/product.ts'
/** The product's folders, as seen from stack/. */
const PRODUCT = ['web', 'supabase', 'e2e', 'bench', 'scripts']
/** What a deployment runs (or builds its data with): it must not import from stack/. */
const DEPLOYED = [
  'web/src',
  'web/vite',
  'web/server',
  'web/boot-script.ts',
  'supabase/functions',
  'scripts',
]

interface Import {
  /** The specifier as written, or null for a dynamic import of a computed path. */
  specifier: string | null
  line: number
}

/** Every import of a TypeScript source. */
export function importsOf(fileName: string, source: string): Import[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const found: Import[] = []
  const add = (node: ts.Node, specifier: string | null) =>
    found.push({ specifier, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      ? node.text
      : null
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
    ) {
      add(node, literal(node.moduleSpecifier))
    } else if (
      ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node, literal(node.moduleReference.expression))
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, literal(node.argument.literal))
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, literal(node.arguments[0]))
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** The repository path a relative specifier of `from` names, or null for a package or built-in. */
function target(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return relative(ROOT, resolve(ROOT, dirname(from), specifier)).split(sep).join('/')
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`)

/** What is wrong with the imports of `file` (a path from the repository's root). */
export function violations(file: string, source: string): string[] {
  const problems: string[] = []
  for (const { specifier, line } of importsOf(file, source)) {
    const at = `${file}:${line}`
    if (under(file, 'stack')) {
      if (file === INTERFACE) continue
      if (specifier === null) {
        problems.push(`${at} imports a computed path (load product code in ${INTERFACE})`)
        continue
      }
      const to = specifier && target(file, specifier)
      const folder = to && PRODUCT.find((p) => under(to, p))
      if (folder) {
        problems.push(`${at} imports ${specifier} from ${folder}/: go through ${INTERFACE}`)
      }
    } else if (DEPLOYED.some((d) => under(file, d)) && !/\.test\.tsx?$/.test(file)) {
      const to = specifier && target(file, specifier)
      if (to && under(to, 'stack')) {
        problems.push(`${at} imports ${specifier}: deployed code never imports the stand-in`)
      }
    }
  }
  return problems
}

async function sources(folder: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${e.name}`
      if (e.isDirectory && !['node_modules', 'dist'].includes(e.name)) await walk(path)
      else if (e.isFile && /\.(ts|tsx|mts)$/.test(e.name)) found.push(path)
    }
  }
  if (/\.tsx?$/.test(folder)) return [folder]
  await walk(folder)
  return found.sort()
}

const check = async (folders: string[]) => {
  const problems: string[] = []
  let files = 0
  for (const folder of folders) {
    for (const file of await sources(folder)) {
      files++
      problems.push(...violations(file, await Deno.readTextFile(join(ROOT, file))))
    }
  }
  return { files, problems }
}

Deno.test('stack/ imports the product only through stack/product.ts', async () => {
  const { files, problems } = await check(['stack'])
  assert.ok(files > 100, `read ${files} files of stack/`)
  assert.deepEqual(problems, [])
})

Deno.test('deployed code (web/, supabase/functions, scripts/) never imports from stack/', async () => {
  const { files, problems } = await check(DEPLOYED)
  assert.ok(files > 100, `read ${files} product files`)
  assert.deepEqual(problems, [])
})

Deno.test('the check finds each kind of import across the line', () => {
  const bad = [
    "import { x } from '../../web/src/lib/x.ts'",
    "export { y } from '../../supabase/functions/_shared/y.ts'",
    "import type { Z } from '../../e2e/support/z.ts'",
    'type T = import("../../bench/run.ts").T',
    "const m = await import('../../scripts/catalogue-seed.ts')",
    'const n = await import(`${dir}/handler.ts`)',
  ].join('\n')
  assert.equal(violations('stack/gateway/x.ts', bad).length, 6)
  assert.deepEqual(violations(INTERFACE, bad), [])
  // Within the stand-in, packages and built-ins are fine.
  const fine = "import { a } from './rest/a.ts'\nimport postgres from 'postgres'\nimport 'node:fs'"
  assert.deepEqual(violations('stack/gateway/x.ts', fine), [])
  const deployed = "import { paths } from '../../stack/config.ts'"
  assert.equal(violations('web/server/server.ts', deployed).length, 1)
  const fromFunctions = "import { paths } from '../../../stack/config.ts'"
  assert.equal(violations('supabase/functions/sites/handler.ts', fromFunctions).length, 1)
  // Tests of the product run against the stand-in and may check its side of a shared decision.
  const fromTest = "import { stackKeys } from '../../../../stack/config.ts'"
  assert.deepEqual(violations('supabase/functions/_shared/providers/config.test.ts', fromTest), [])
  assert.equal(violations('supabase/functions/_shared/providers/config.ts', fromTest).length, 1)
})
