import { describe, expect, it } from 'vitest'
import { renderRichText, type RichTextNode } from './render-html'
import type { Json } from '@/lib/db-types'

const doc = (...content: RichTextNode[]): RichTextNode => ({ type: 'doc', content })
const p = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content })
const t = (text: string, marks?: RichTextNode['marks']): RichTextNode => ({
  type: 'text',
  text,
  ...(marks ? { marks } : {}),
})
const link = (href: Json, text = 'x', extra: Record<string, Json> = {}) =>
  p(t(text, [{ type: 'link', attrs: { href, ...extra } }]))

/** Parses the HTML in the DOM and checks nothing executable survived. */
function assertInert(html: string) {
  const host = document.createElement('div')
  host.innerHTML = html
  expect(
    host.querySelectorAll(
      'script, iframe, object, embed, style, svg, math, form, input, base, meta, link',
    ).length,
    html,
  ).toBe(0)
  for (const el of host.querySelectorAll('*')) {
    for (const a of el.getAttributeNames()) {
      expect(a.startsWith('on'), `${a} in ${html}`).toBe(false)
      expect(['href', 'src', 'alt', 'title', 'rel', 'start']).toContain(a)
    }
    for (const a of ['href', 'src']) {
      const v = el.getAttribute(a)
      if (v !== null) expect(/^(https?:|mailto:|tel:|\/(?![/\\]))/i.test(v), `${a}=${v}`).toBe(true)
    }
  }
}

describe('renderRichText', () => {
  it('renders the allowed structure', () => {
    const html = renderRichText(doc(
      { type: 'heading', attrs: { level: 2 }, content: [t('Sow now')] },
      p(
        t('Bold', [{ type: 'strong' }]),
        t(' and '),
        t('linked', [{ type: 'link', attrs: { href: 'https://roots.example/kb' } }, {
          type: 'em',
        }]),
      ),
      { type: 'bullet_list', content: [{ type: 'list_item', content: [p(t('Peas'))] }] },
      {
        type: 'ordered_list',
        attrs: { order: 3 },
        content: [{ type: 'list_item', content: [p(t('Beans'))] }],
      },
      { type: 'blockquote', content: [p(t('Grow'))] },
      { type: 'image', attrs: { src: '/images/plot.png', alt: 'A plot', title: null } },
      { type: 'horizontal_rule' },
      p(t('a'), { type: 'hard_break' }, t('b', [{ type: 'code' }])),
    ))
    expect(html).toBe(
      '<h2>Sow now</h2><p><strong>Bold</strong> and <a href="https://roots.example/kb" rel="noopener noreferrer"><em>linked</em></a></p>' +
        '<ul><li><p>Peas</p></li></ul><ol start="3"><li><p>Beans</p></li></ol><blockquote><p>Grow</p></blockquote>' +
        '<img src="/images/plot.png" alt="A plot"><hr><p>a<br><code>b</code></p>',
    )
  })

  it('keeps mailto and tel links', () => {
    expect(
      renderRichText(doc(link('mailto:hi@roots.example', 'mail'), link('tel:+441234', 'call'))),
    ).toBe(
      '<p><a href="mailto:hi@roots.example" rel="noopener noreferrer">mail</a></p><p><a href="tel:+441234" rel="noopener noreferrer">call</a></p>',
    )
  })

  const PAYLOADS: Array<[string, RichTextNode | string]> = [
    ['script in text', doc(p(t('<script>alert(1)</script>')))],
    ['img onerror in text', doc(p(t('<img src=x onerror=alert(1)>')))],
    ['svg onload in text', doc(p(t('<svg onload=alert(1)>')))],
    ['attribute breakout in text', doc(p(t('"><script>alert(1)</script>')))],
    ['javascript: link', doc(link('javascript:alert(1)'))],
    ['mixed-case javascript: link', doc(link('JaVaScRiPt:alert(document.cookie)'))],
    ['tab-split javascript: link', doc(link('java\tscript:alert(1)'))],
    ['newline-split javascript: link', doc(link('java\nscript:alert(1)'))],
    ['leading control character', doc(link('\u0000javascript:alert(1)'))],
    ['entity-encoded javascript: link', doc(link('javascript&#58;alert(1)'))],
    ['vbscript: link', doc(link('vbscript:msgbox(1)'))],
    ['data: html link', doc(link('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='))],
    ['protocol-relative link', doc(link('//evil.example/x'))],
    ['href breaking out of the attribute', doc(link('https://x.example/" onmouseover="alert(1)'))],
    [
      'title breaking out of the attribute',
      doc(link('https://x.example', 'x', { title: '" onclick="alert(1)' })),
    ],
    [
      'extra link attributes',
      doc(link('https://x.example', 'x', { onclick: 'alert(1)', style: 'x', target: '_top' })),
    ],
    ['javascript: image', doc({ type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } })],
    [
      'data: image',
      doc({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' } }),
    ],
    [
      'image src breakout',
      doc({ type: 'image', attrs: { src: '/a.png" onerror="alert(1)', alt: 'x' } }),
    ],
    [
      'image alt breakout',
      doc({ type: 'image', attrs: { src: '/a.png', alt: '" onerror="alert(1)' } }),
    ],
    [
      'image event attribute',
      doc({ type: 'image', attrs: { src: '/a.png', alt: '', onerror: 'alert(1)' } }),
    ],
    [
      'script node type',
      doc({ type: 'script', content: [t('alert(1)')] }, {
        type: 'iframe',
        attrs: { src: 'javascript:alert(1)' },
      }),
    ],
    [
      'raw html node type',
      doc({ type: 'html', text: '<script>alert(1)</script>' } as RichTextNode),
    ],
    [
      'heading level injection',
      doc({ type: 'heading', attrs: { level: '1 onclick=alert(1)' }, content: [t('x')] }),
    ],
    [
      'heading level out of range',
      doc({ type: 'heading', attrs: { level: 99 }, content: [t('x')] }),
    ],
    [
      'ordered list start injection',
      doc({ type: 'ordered_list', attrs: { order: '2" onclick="alert(1)' }, content: [] }),
    ],
    ['unknown mark', doc(p(t('x', [{ type: 'style', attrs: { css: 'x' } }, { type: 'onclick' }])))],
    [
      'text that is not a string',
      doc(p({ type: 'text', text: { toString: () => '<script>' } } as unknown as RichTextNode)),
    ],
    ['a raw string that is not JSON', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
    [
      'JSON string with a payload',
      JSON.stringify(doc(link('javascript:alert(1)', '<b onclick=alert(1)>'))),
    ],
    [
      'deep nesting',
      (() => {
        let n: RichTextNode = t('<script>')
        for (let i = 0; i < 500; i++) n = { type: 'blockquote', content: [n] }
        return doc(n)
      })(),
    ],
  ]

  for (const [name, payload] of PAYLOADS) {
    it(`neutralises: ${name}`, () => {
      const html = renderRichText(payload)
      // Escaped text may spell a payload; only real markup matters, checked in the DOM.
      expect(html).not.toMatch(/<(script|iframe|svg|object|embed|style)/i)
      assertInert(html)
    })
  }

  it('keeps the text of dropped links and nodes, escaped', () => {
    expect(renderRichText(doc(link('javascript:alert(1)', 'click <me>')))).toBe(
      '<p>click &lt;me&gt;</p>',
    )
    expect(renderRichText(doc({ type: 'script', content: [t('alert(1)')] }))).toBe('alert(1)')
  })

  it('renders nothing for empty or unreadable input', () => {
    expect(renderRichText(null)).toBe('')
    expect(renderRichText(undefined)).toBe('')
    expect(renderRichText({} as RichTextNode)).toBe('')
  })
})
