import assert from 'node:assert/strict'
import { emailDocument, merge, renderEmail, simpleEmail } from './render.ts'

const doc = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Hello {{ first_name }}' }],
    },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'A plot at ' },
        { type: 'text', text: '{{site}}', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' — see it', marks: [{ type: 'link', attrs: { href: '{{link}}' } }] },
        {
          type: 'text',
          text: ' bad',
          marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
        },
      ],
    },
    {
      type: 'bullet_list',
      content: [{
        type: 'list_item',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }],
      }],
    },
  ],
}

Deno.test('rich text renders to e-mail HTML and text with merge fields, escaped, safe links only', () => {
  const out = renderEmail(doc, {
    first_name: '<Ada>',
    site: 'Tuckers Meadow',
    link: 'https://example.com/x?a=1&b=2',
  })
  assert.match(out.html, /<h2>Hello &lt;Ada&gt;<\/h2>/)
  assert.match(out.html, /<strong>Tuckers Meadow<\/strong>/)
  assert.match(out.html, /<a href="https:\/\/example.com\/x\?a=1&amp;b=2"> — see it<\/a>/)
  assert.ok(!out.html.includes('javascript:'), 'only http, https, mailto and tel links')
  assert.match(out.html, /<ul><li><p>one<\/p><\/li><\/ul>/)
  assert.match(
    out.text,
    /^Hello <Ada>\n\nA plot at Tuckers Meadow — see it \(https:\/\/example.com\/x\?a=1&b=2\) bad\n\n- one$/,
  )
})

Deno.test('merge fields: unknown ones are empty; an empty document falls back to the plain-text body', () => {
  assert.equal(merge('Hi {{first_name}} {{nope}}!', { first_name: 'Ada' }), 'Hi Ada !')
  const out = renderEmail({ type: 'doc', content: [] }, { site: 'X' }, 'See you at {{site}}')
  assert.equal(out.text, 'See you at X')
  assert.equal(out.html, '<p>See you at X</p>')
})

Deno.test('an e-mail leaves as a whole document: British English, the subject as its title, the body kept', () => {
  const { html } = simpleEmail(['You are on the list.'], {
    text: 'Your place',
    href: 'https://x.test/q',
  })
  const sent = emailDocument(html, 'You are on the list: <Darenth> & more')
  assert.match(sent, /^<!doctype html><html lang="en-GB"><head><meta charset="utf-8">/)
  assert.match(sent, /<title>You are on the list: &lt;Darenth&gt; &amp; more<\/title><\/head>/)
  // The body and its attributes are the rendered ones, once.
  assert.match(sent, /<body style="font-family:sans-serif"><p>You are on the list\.<\/p>/)
  assert.equal(sent.match(/<body/g)!.length, 1)
  assert.equal(sent.match(/<html/g)!.length, 1)
  // A fragment (the plain-text fallback's) is wrapped the same way; a second pass changes nothing.
  const fragment = renderEmail({ type: 'doc', content: [] }, {}, 'Hello').html
  assert.equal(
    emailDocument(fragment, 'Hi'),
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Hi</title></head>' +
      '<body style="font-family:sans-serif"><p>Hello</p></body></html>',
  )
  assert.equal(emailDocument(sent, 'You are on the list: <Darenth> & more'), sent)
})
