import { afterEach, describe, expect, it } from 'vitest'
import { labelTableRegions } from './table-regions'

afterEach(() => {
  document.body.innerHTML = ''
})

const box = (inner: string, attrs = '') =>
  `<div class="box" style="overflow-x: auto" ${attrs}><table>${inner}<tbody><tr><td>x</td></tr></tbody></table></div>`

describe('labelTableRegions', () => {
  it('makes each scrolling table box a focusable region named by the caption, the table or the heading above', () => {
    document.body.innerHTML = `<main>
      <h2>Entries</h2>${box('<caption>24 entries</caption>')}
      <h2>Categories</h2>${box('')}
      ${box('').replace('<table>', '<table aria-label="Plans">')}
    </main>`
    const main = document.querySelector('main')!
    labelTableRegions(main)
    const [a, b, c] = [...main.querySelectorAll<HTMLElement>('.box')]
    expect([a!.getAttribute('role'), a!.tabIndex]).toEqual(['region', 0])
    const caption = a!.querySelector('caption')!
    expect(a!.getAttribute('aria-labelledby')).toBe(caption.id)
    expect(b!.getAttribute('aria-label')).toBe('Categories')
    expect(c!.getAttribute('aria-label')).toBe('Plans')
    labelTableRegions(main)
    expect(a!.getAttribute('aria-labelledby')).toBe(caption.id)
  })

  it('keeps a screen’s own label and leaves boxes that do not scroll alone', () => {
    document.body.innerHTML = `<main>${
      box('', 'role="region" tabindex="0" aria-label="Sign-ups"')
    }<section><table><tbody><tr><td>x</td></tr></tbody></table></section></main>`
    labelTableRegions(document.querySelector('main')!)
    expect(document.querySelector('.box')!.getAttribute('aria-label')).toBe('Sign-ups')
    const section = document.querySelector('section')!
    expect([section.hasAttribute('role'), section.hasAttribute('tabindex')]).toEqual([false, false])
  })
})
