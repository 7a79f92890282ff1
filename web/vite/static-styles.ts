// Build-time goober: every css`…` template with no interpolation is compiled while bundling, the
// same way goober compiles it in the browser (same class name, same rules), and its rules go to a
// stylesheet imported by the module that declared them. The browser then never parses those
// templates at start-up (they were about a third of the entry's evaluation on a slow phone), the
// rules leave the JavaScript, and Vite orders and splits them with their chunks like any CSS
// import. Templates that interpolate anything but the module's own string constants, css({…})
// objects, glob and keyframes stay at runtime.
import { css } from 'goober'
import { parseAst, type Plugin } from 'vite'

/** Virtual stylesheets, one per module that declared static styles. */
const PREFIX = '\0roots-static-css:'

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'

function walk(node: Node, visit: (n: Node) => void) {
  visit(node)
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) { for (const item of value) isNode(item) && walk(item, visit) }
    else if (isNode(value)) walk(value, visit)
  }
}

/** goober's class name and rules for one static template, as it would insert them. */
export function compileStatic(text: string): { className: string; rules: string } {
  // Outside a browser goober writes to the target it is given: a private sheet per call.
  const sheet = { data: '' }
  const strings = Object.assign([text], { raw: [text] }) as unknown as TemplateStringsArray
  const className = css.call({ target: sheet as unknown as Element }, strings)
  return { className, rules: sheet.data }
}

/** The module's top-level string constants, and the initialisers of its top-level declarations. */
function moduleConstants(ast: Node) {
  const strings = new Map<string, string>()
  const topLevel = new Set<Node>()
  for (let statement of ast.body as Node[]) {
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      statement = statement.declaration as Node
    }
    if (statement.type !== 'VariableDeclaration') continue
    for (const d of statement.declarations as Node[]) {
      const init = d.init as Node | null
      const id = d.id as Node & { name?: string }
      if (!init || id.type !== 'Identifier') continue
      topLevel.add(init)
      if (statement.kind !== 'const') continue
      if (init.type === 'Literal' && typeof init.value === 'string') {
        strings.set(id.name!, init.value)
      }
      const quasi = init as Node & {
        expressions?: unknown[]
        quasis?: { value: { cooked: string | null } }[]
      }
      if (
        init.type === 'TemplateLiteral' && quasi.expressions!.length === 0 &&
        quasi.quasis![0]!.value.cooked !== null
      ) {
        strings.set(id.name!, quasi.quasis![0]!.value.cooked)
      }
    }
  }
  return { strings, topLevel }
}

/**
 * The module with its static css`…` templates replaced by their class names, and the rules they
 * declare in source order; null when it declares none.
 */
export function extractStaticStyles(
  code: string,
  filename: string,
): { code: string; css: string } | null {
  if (!code.includes('goober')) return null
  const lang = filename.endsWith('.tsx')
    ? 'tsx'
    : filename.endsWith('.ts')
    ? 'ts'
    : filename.endsWith('.jsx')
    ? 'jsx'
    : 'js'
  const ast = parseAst(code, { lang }, filename) as unknown as Node
  const locals = new Set<string>()
  for (const statement of ast.body as Node[]) {
    if (
      statement.type !== 'ImportDeclaration' ||
      (statement.source as { value: string }).value !== 'goober'
    ) continue
    for (const s of statement.specifiers as Node[]) {
      const imported = s.imported as { name?: string } | undefined
      if (s.type === 'ImportSpecifier' && imported?.name === 'css') {
        locals.add((s.local as { name: string }).name)
      }
    }
  }
  if (locals.size === 0) return null
  const { strings, topLevel } = moduleConstants(ast)
  const found: { start: number; end: number; className: string; rules: string }[] = []
  walk(ast, (n) => {
    if (n.type !== 'TaggedTemplateExpression') return
    const tag = n.tag as Node & { name?: string }
    const quasi = n.quasi as {
      expressions: unknown[]
      quasis: { value: { cooked: string | null } }[]
    }
    if (tag.type !== 'Identifier' || !locals.has(tag.name!)) return
    // Interpolations are resolved only for a module-level style and only from the module's own
    // string constants (a shared block of declarations); anything else is left to the runtime.
    const values = quasi.expressions.map((e) => {
      const name = (e as Node).type === 'Identifier' ? (e as Node & { name: string }).name : null
      return name !== null && topLevel.has(n) ? strings.get(name) : undefined
    })
    if (values.some((v) => v === undefined) || quasi.quasis.some((q) => q.value.cooked === null)) {
      return
    }
    const text = quasi.quasis.map((q, i) => q.value.cooked! + (values[i] ?? '')).join('')
    found.push({ start: n.start, end: n.end, ...compileStatic(text) })
  })
  if (found.length === 0) return null
  let out = ''
  let at = 0
  for (const f of found.sort((a, b) => a.start - b.start)) {
    out += code.slice(at, f.start) + JSON.stringify(f.className)
    at = f.end
  }
  out += code.slice(at)
  const rules = [...new Set(found.map((f) => f.rules))].join('\n')
  return { code: out, css: rules }
}

/** The Vite plugin (production builds; the dev server and tests keep goober's runtime path). */
export function staticStyles(): Plugin {
  const sheets = new Map<string, string>()
  return {
    name: 'roots-static-styles',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null
    },
    load(id) {
      return id.startsWith(PREFIX) ? (sheets.get(id) ?? '') : null
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0') || !/\.[jt]sx?$/.test(id)) {
        return null
      }
      const result = extractStaticStyles(code, id)
      if (!result) return null
      const sheet = `${PREFIX}${id.replace(/[^\w/.-]/g, '_')}.css`
      sheets.set(sheet, result.css)
      return { code: `import ${JSON.stringify(sheet)};\n${result.code}`, map: null }
    },
  }
}
