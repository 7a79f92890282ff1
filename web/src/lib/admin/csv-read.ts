// Splitting CSV text into records (RFC 4180): fields in double quotes may hold commas, line
// breaks and doubled quotes; rows end in CRLF, LF or CR; a UTF-8 byte-order mark is dropped. The
// one CSV reader of the admin screens that import (a waiting list, a site's plots).

/** Splits CSV text into records of fields. `unclosed` is true when a quote was never closed. */
export function splitCsv(text: string): { records: string[][]; unclosed: boolean } {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endField = () => {
    record.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    records.push(record)
    record = []
  }
  for (; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === ',') endField()
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRecord()
    } else field += c
  }
  if (field !== '' || record.length > 0 || quoted) endRecord()
  return { records, unclosed: quoted }
}
