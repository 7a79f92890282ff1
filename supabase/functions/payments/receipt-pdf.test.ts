// The receipt PDF, read back as a reader would: the trailer's startxref leads to a cross-reference
// table whose every offset is the start of its object, and the page's text is all there.
import assert from 'node:assert/strict'
import { pounds, receiptPdf } from './receipt-pdf.ts'

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('')

/** The text shown by the content stream's Tj operators, decoded from WinAnsi. */
function pdfText(bytes: Uint8Array): string[] {
  const s = latin1(bytes)
  const out: string[] = []
  for (const m of s.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
    out.push(m[1]!.replace(/\\(.)/g, '$1'))
  }
  return out
}

/** Checks the header, startxref, the xref table and each object's offset; the object count. */
function checkXref(bytes: Uint8Array): number {
  const s = latin1(bytes)
  assert.ok(s.startsWith('%PDF-1.'), 'a PDF header')
  assert.ok(s.trimEnd().endsWith('%%EOF'))
  const start = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(s)?.[1])
  assert.ok(Number.isInteger(start), 'startxref is a number')
  assert.equal(s.slice(start, start + 5), 'xref\n', 'startxref points at the xref table')
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(s.slice(start))!
  assert.equal(first, '0')
  const rows = s.slice(start).split('\n').slice(2, 2 + Number(count))
  assert.equal(rows[0], '0000000000 65535 f ')
  rows.slice(1).forEach((row, i) => {
    assert.match(row, /^\d{10} 00000 n $/, 'each row is 20 bytes')
    const at = Number(row.slice(0, 10))
    assert.equal(s.slice(at, at + `${i + 1} 0 obj`.length), `${i + 1} 0 obj`, `object ${i + 1}`)
  })
  const trailer = /trailer\n<< \/Size (\d+) \/Root 1 0 R >>/.exec(s)
  assert.equal(Number(trailer?.[1]), Number(count))
  // The content stream's /Length is its byte length.
  const stream = /<< \/Length (\d+) >>\nstream\n/.exec(s)!
  const body = stream.index + stream[0].length
  assert.equal(s.slice(body + Number(stream[1]), body + Number(stream[1]) + 10), '\nendstream')
  return Number(count) - 1
}

Deno.test('a receipt PDF: valid xref, one page, the text of the receipt', () => {
  const pdf = receiptPdf({
    number: 'RA-0001 (test)',
    paidAt: '2026-03-12T09:00:00Z',
    member: 'Ada Grower',
    email: 'ada@example.com',
    site: 'Avon Views',
    plot: '14',
    lines: [
      { description: 'Half plot, first month: Avon Views', amount_pence: 2500 },
      { description: 'Joining fee (once)', amount_pence: 3000 },
      { description: 'Gift voucher', amount_pence: -1000 },
    ],
    total_pence: 4500,
    paymentMethod: 'Visa ending 4242',
  })
  assert.equal(checkXref(pdf), 6)
  assert.equal(latin1(pdf).match(/\/Type \/Page\b/g)?.length, 1, 'one page')
  const text = pdfText(pdf)
  for (
    const want of [
      'Roots Allotments',
      'RA-0001 (test)',
      '12 March 2026',
      'Ada Grower (ada@example.com)',
      'Avon Views, plot 14',
      'Joining fee (once)',
      '£30.00',
      '-£10.00',
      'Total paid',
      '£45.00',
      'Visa ending 4242',
    ]
  ) assert.ok(text.includes(want), `${want} in ${JSON.stringify(text)}`)
  // £ is one WinAnsi byte (0xA3), not UTF-8.
  assert.ok(latin1(pdf).includes('(\xa345.00)'))
})

Deno.test('money as the receipts and e-mails write it (dates: _shared/common/dates.test.ts)', () => {
  assert.equal(pounds(1200), '£12.00')
  assert.equal(pounds(123456), '£1,234.56')
})
