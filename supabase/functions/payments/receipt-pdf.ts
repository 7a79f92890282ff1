// A membership invoice's receipt as a one-page PDF (GET /payments/receipt/<invoice_id>.pdf). Written
// by hand: one page, the two standard Helvetica fonts (no font embedded, WinAnsi encoding so £ prints),
// text lines only, and a cross-reference table with exact byte offsets, which is all a reader needs.
import { longDate } from '../_shared/common/dates.ts'

export interface ReceiptData {
  /** The invoice number (the provider's), or our id when it has none. */
  number: string
  /** When it was paid (ISO); shown as a UK date. */
  paidAt: string | null
  member: string
  email?: string | null
  site: string
  plot?: string | null
  lines: { description: string; amount_pence: number }[]
  total_pence: number
  refunded_pence?: number
  /** How it was paid, e.g. "Visa ending 4242" or "Direct Debit ending 2345". */
  paymentMethod: string
}

export const pounds = (p: number) =>
  `${p < 0 ? '-' : ''}£${
    (Math.abs(p) / 100).toLocaleString('en-GB', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
  }`

// WinAnsiEncoding bytes for the few characters outside Latin-1 that text here may hold.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '−': 0x2d,
}

/** A PDF literal string's bytes: WinAnsi, with ( ) \ escaped and anything else unprintable as ?. */
function pdfString(text: string): number[] {
  const out: number[] = [0x28]
  for (const ch of text) {
    let b = WIN_ANSI[ch] ?? ch.codePointAt(0)!
    if (b > 0xff || b < 0x20 || (b >= 0x7f && b < 0xa0 && !(ch in WIN_ANSI))) b = 0x3f
    if (b === 0x28 || b === 0x29 || b === 0x5c) out.push(0x5c)
    out.push(b)
  }
  out.push(0x29)
  return out
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0))

/** Cuts a long description into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width: number): string[] {
  const out: string[] = []
  let rest = text.trim()
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width)
    const at = cut > width / 2 ? cut : width
    out.push(rest.slice(0, at).trimEnd())
    rest = rest.slice(at).trimStart()
  }
  out.push(rest)
  return out
}

/** The page's content stream: text at (x, y) in points, A4 (595 × 842). */
function content(r: ReceiptData): number[] {
  const ops: number[] = []
  const text = (x: number, y: number, s: string, bold = false, size = 11) => {
    ops.push(...ascii(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td `), ...pdfString(s))
    ops.push(...ascii(' Tj ET\n'))
  }
  let y = 780
  text(56, y, 'Roots Allotments', true, 20)
  y -= 28
  text(56, y, 'Receipt', true, 14)
  y -= 30
  const field = (label: string, value: string) => {
    text(56, y, label, true)
    text(190, y, value)
    y -= 18
  }
  field('Receipt number', r.number)
  field('Date paid', longDate(r.paidAt, 'Not paid'))
  field('Member', r.email ? `${r.member} (${r.email})` : r.member)
  field('Site', r.plot ? `${r.site}, plot ${r.plot}` : r.site)
  y -= 14
  text(56, y, 'Description', true)
  text(460, y, 'Amount', true)
  y -= 20
  for (const line of r.lines) {
    const parts = wrap(line.description, 70)
    parts.forEach((part, i) => {
      text(56, y, part)
      if (i === 0) text(460, y, pounds(line.amount_pence))
      y -= 16
    })
  }
  y -= 8
  text(56, y, 'Total paid', true)
  text(460, y, pounds(r.total_pence), true)
  y -= 18
  if (r.refunded_pence) {
    text(56, y, 'Refunded')
    text(460, y, pounds(r.refunded_pence))
    y -= 18
  }
  y -= 10
  field('Payment method', r.paymentMethod)
  y -= 20
  text(56, y, 'Thank you for growing with us.', false, 10)
  return ops
}

/** The receipt as PDF bytes. */
export function receiptPdf(r: ReceiptData): Uint8Array {
  const stream = content(r)
  const objects: number[][] = [
    ascii('<< /Type /Catalog /Pages 2 0 R >>'),
    ascii('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    ascii(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
        '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    ),
    ascii('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    ascii(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    ),
    [...ascii(`<< /Length ${stream.length} >>\nstream\n`), ...stream, ...ascii('\nendstream')],
  ]
  // A binary comment after the header tells transfer tools the file is binary.
  const out: number[] = [...ascii('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out.push(...ascii(`${i + 1} 0 obj\n`), ...body, ...ascii('\nendobj\n'))
  })
  const xref = out.length
  out.push(...ascii(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`))
  for (const o of offsets) out.push(...ascii(`${String(o).padStart(10, '0')} 00000 n \n`))
  out.push(
    ...ascii(
      `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  )
  return new Uint8Array(out)
}
