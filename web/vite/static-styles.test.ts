// @vitest-environment node
// Build-time goober: static templates become goober's own class names and rules; anything goober
// must still compute in the browser is left alone.
import { css } from 'goober'
import { describe, expect, it } from 'vitest'
import { compileStatic, extractStaticStyles } from './static-styles'

/** What goober's runtime returns and inserts for the same template. */
function runtime(text: string) {
  const sheet = { data: '' }
  const strings = Object.assign([text], { raw: [text] }) as unknown as TemplateStringsArray
  return {
    className: css.call({ target: sheet as unknown as Element }, strings),
    rules: sheet.data,
  }
}

const source = `import { css } from 'goober'
import { Other } from './other'
const card = css\`
  padding: 1rem;
  h2 { margin: 0; }
  @media (max-width: 30rem) { padding: 0.5rem; }
\`
export function Card({ tone }: { tone: string }) {
  const dynamic = css\`color: \${tone};\`
  const inline = css\`display: grid;\`
  const object = css({ margin: 0 })
  return <div className={card + ' ' + dynamic + ' ' + inline + object}><Other /></div>
}
`

describe('static goober styles', () => {
  it('replaces each static template by the class name goober gives it, and collects its rules', () => {
    const out = extractStaticStyles(source, '/app/src/Card.tsx')!
    const card = runtime(
      '\n  padding: 1rem;\n  h2 { margin: 0; }\n  @media (max-width: 30rem) { padding: 0.5rem; }\n',
    )
    const inline = runtime('display: grid;')
    expect(card.className).toMatch(/^go\d+$/)
    expect(out.code).toContain(`const card = ${JSON.stringify(card.className)}`)
    expect(out.code).toContain(`const inline = ${JSON.stringify(inline.className)}`)
    expect(out.css).toBe(`${card.rules}\n${inline.rules}`)
    expect(out.css).toContain(`.${card.className} h2{margin:0;}`)
    expect(out.css).toContain(`@media (max-width: 30rem){.${card.className}{padding:0.5rem;}}`)
  })

  it('leaves interpolated templates, object styles and the rest of the module as they were', () => {
    const out = extractStaticStyles(source, '/app/src/Card.tsx')!
    expect(out.code).toContain('const dynamic = css`color: ${tone};`')
    expect(out.code).toContain('const object = css({ margin: 0 })')
    expect(out.code).toContain("import { css } from 'goober'")
    expect(out.code).toContain('<div className={card + ')
  })

  it("follows a renamed import and ignores a css that is not goober's", () => {
    const renamed = extractStaticStyles(
      "import { css as style } from 'goober'\nexport const a = style`color: red;`\n",
      '/x.ts',
    )!
    expect(renamed.code).toContain(
      `export const a = ${JSON.stringify(compileStatic('color: red;').className)}`,
    )
    expect(
      extractStaticStyles(
        "import { css } from './my-css'\nexport const a = css`color: red;` // goober\n",
        '/x.ts',
      ),
    ).toBeNull()
    expect(
      extractStaticStyles("import { glob } from 'goober'\nglob`body { margin: 0; }`\n", '/x.ts'),
    ).toBeNull()
    expect(extractStaticStyles('export const a = 1\n', '/x.ts')).toBeNull()
  })

  it("resolves a module-level style's interpolated string constants, and nothing else", () => {
    const code =
      "import { css } from 'goober'\nconst base = `padding: 1rem;`\nlet loose = 'margin: 0;'\n" +
      'export const button = css`${base} color: red;`\n' +
      'export const other = css`${loose} color: red;`\n' +
      'export function F() { const base = `x: y;`; return css`${base} color: blue;` }\n'
    const out = extractStaticStyles(code, '/x.ts')!
    const button = runtime('padding: 1rem; color: red;')
    expect(out.code).toContain(`export const button = ${JSON.stringify(button.className)}`)
    expect(out.css).toBe(button.rules)
    expect(out.code).toContain('export const other = css`${loose} color: red;`')
    expect(out.code).toContain('return css`${base} color: blue;`')
  })

  it('writes each rule set once when a module repeats a template', () => {
    const out = extractStaticStyles(
      "import { css } from 'goober'\nconst a = css`color: red;`\nconst b = css`color: red;`\n",
      '/x.ts',
    )!
    expect(out.css).toBe(compileStatic('color: red;').rules)
    expect(out.code.match(/"go\d+"/g)).toHaveLength(2)
  })
})
