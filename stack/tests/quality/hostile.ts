// Hostile inputs for the fuzz tests (fast-check arbitraries): strings that have broken other
// systems (SQL and HTML injection, odd unicode, huge sizes), keys that pollute prototypes, values
// of every JSON type, and raw bodies that are not JSON at all.
import fc from 'fast-check'

export const SQL_INJECTION = [
  `' or '1'='1`,
  `'; drop table public.waiting_list_entries; --`,
  `1; select pg_sleep(5)`,
  `") or 1=1 --`,
  `$$; delete from public.global_sites; $$`,
  `\\'; truncate auth.users; --`,
  `%' and 1=0 union select null, current_user --`,
  `E'\\x00'`,
  `1::int / 0`,
  `(select string_agg(email, ',') from auth.users)`,
]
export const HTML_INJECTION = [
  `<script>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>`,
  `javascript:alert(1)`,
  `<svg/onload=alert(1)>`,
  `{{constructor.constructor('alert(1)')()}}`,
  `<iframe src="//evil.example">`,
  `&lt;b&gt;&#x3C;`,
]
export const ODD_UNICODE = [
  '\u0000',
  '\u0000nul inside',
  '\uFEFFbom',
  '\u202Eright-to-left',
  'e\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\uD800',
  '\uDFFF lone',
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  '\u200B\u200C\u200D',
  '\r\n\t\v\f',
  'İıŞş',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '%00%0d%0a',
  '..%2f..%2f',
  '\\\\?\\C:\\',
]
export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isAdmin',
  'role',
  'app_metadata',
  'user_metadata',
  'id',
  'user_id',
]

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_INJECTION, ...HTML_INJECTION, ...ODD_UNICODE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('x', 'é', '𝔘', "'", '<'),
      fc.integer({ min: 300, max: 20_000 }),
    ).map(([c, n]) => c.repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      'NaN',
      '-1',
      '1e309',
      'true',
      '[]',
      '{}',
    ),
  },
)

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 200) },
)

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, 1e300, -0.5, 3.14159),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
)

/** Any JSON value, with hostile strings and keys at every level. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(entries),
})).value

/** A plain object with own keys exactly as given (`__proto__` included, as JSON.parse makes it). */
export function entries(pairs: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  for (const [k, v] of pairs) {
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
  }
  return o
}

/** A value of a JSON type no string, number or boolean field accepts. */
export const structuredValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(leaf, { maxLength: 3 }),
  fc.array(fc.tuple(hostileKey, leaf), { maxLength: 3 }).map(entries),
)

/** Request bodies that are not a JSON object: broken JSON, other JSON types, other formats. */
export const junkBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[',
    'null',
    '"text"',
    '42',
    'true',
    '{"a":1}}',
    '{"__proto__":{"role":"service_role"}}',
    '<xml/>',
    'a=1&b=2',
    '\u0000',
    '{"a":1,"a":2}',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  hostileValue.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) =>
    JSON.stringify(v) ?? 'null'
  ),
)
