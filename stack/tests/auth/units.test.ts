// The auth server's pure parts: settings from config.toml with environment overrides, password
// rules, redirect allow-list, and TOTP against RFC 6238's own test vectors.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import type { GatewayConfig } from '../../gateway/context.ts'
import { redirectTarget } from '../../gateway/auth/deps.ts'
import { isRedirectUrlValid } from '../../gateway/auth/redirect.ts'
import { AuthError } from '../../gateway/auth/errors.ts'
import {
  EMAIL_TEMPLATE_NAMES,
  loadAuthSettings,
  parseDuration,
} from '../../gateway/auth/settings.ts'
import { fillTemplate, htmlToText } from '../../gateway/auth/mail.ts'
import { hotp, matchTotp } from '../../gateway/auth/totp.ts'
import { encodeBase32 } from '../../gateway/auth/encoding.ts'
import { checkPasswordStrength } from '../../gateway/auth/users.ts'

const config = (env: Record<string, string> = {}) =>
  ({
    apiUrl: 'http://127.0.0.1:54321',
    siteUrl: 'http://127.0.0.1:5173',
    jwtSecret: 's'.repeat(40),
    env,
  }) as unknown as GatewayConfig

Deno.test('settings come from supabase/config.toml', () => {
  const s = loadAuthSettings(config())
  assert.equal(s.siteUrl, 'http://127.0.0.1:5173')
  assert.equal(s.jwtExpiry, 3600)
  assert.equal(s.refreshTokenRotation, true)
  assert.equal(s.refreshTokenReuseInterval, 10)
  assert.equal(s.minimumPasswordLength, 8)
  assert.deepEqual(s.requiredCharacters, [])
  assert.equal(s.mailerAutoconfirm, false)
  assert.equal(s.smsAutoconfirm, false)
  assert.equal(s.doubleConfirmChanges, true)
  assert.equal(s.mfa.phoneEnroll, true)
  assert.equal(s.mfa.phoneTemplate, 'Your Roots Allotments code is {{ .Code }}')
  assert.ok(s.additionalRedirectUrls.includes('http://127.0.0.1:5173/admin/confirm'))
  assert.deepEqual(
    [
      s.rateLimits.signInSignUps,
      s.rateLimits.tokenRefresh,
      s.rateLimits.verify,
      s.rateLimits.emailSent,
      s.rateLimits.mfa,
      s.rateLimits.emailFrequencySeconds,
    ],
    // email_sent: Auth's own 30 an hour, as under `supabase start`, which passes config.toml's
    // value on only with [auth.email.smtp] enabled (below).
    [30, 150, 30, 30, 15, 60],
  )
  assert.deepEqual([s.rateLimits.emailPerRecipient, s.rateLimits.emailPerIp, s.rateLimitHeader], [
    3,
    10,
    null,
  ], "the stack's own e-mail limits")
})

Deno.test("config.toml's email_sent applies with custom SMTP enabled, as the CLI passes it on", () => {
  const file = Deno.makeTempFileSync({ suffix: '.toml' })
  try {
    const toml = (smtp: boolean) =>
      `[auth.rate_limit]\nemail_sent = 4\n[auth.email.smtp]\nenabled = ${smtp}\nhost = "smtp.example.com"\n`
    Deno.writeTextFileSync(file, toml(true))
    assert.equal(loadAuthSettings(config(), file).rateLimits.emailSent, 4)
    Deno.writeTextFileSync(file, toml(false))
    assert.equal(loadAuthSettings(config(), file).rateLimits.emailSent, 30)
  } finally {
    Deno.removeSync(file)
  }
})

Deno.test("config.toml's e-mail templates: every kind worded, read from beside supabase/", () => {
  const s = loadAuthSettings(config())
  assert.deepEqual(Object.keys(s.emailTemplates).sort(), [...EMAIL_TEMPLATE_NAMES].sort())
  assert.equal(s.emailTemplates.confirmation?.subject, 'Confirm your Roots Allotments account')
  assert.equal(s.emailTemplates.magic_link?.subject, 'Your Roots Allotments sign-in link')
  for (const [name, t] of Object.entries(s.emailTemplates)) {
    assert.match(t.content ?? '', /\{\{ \.ConfirmationURL \}\}/, `${name} carries the link`)
    assert.match(t.content ?? '', /<html lang="en-GB">/, `${name} is a whole document`)
  }
})

Deno.test("e-mail templates: unset means Auth's own; a subject can come from the environment; an action the stack cannot fill stops it", () => {
  const dir = Deno.makeTempDirSync()
  try {
    Deno.mkdirSync(join(dir, 'supabase', 'templates'), { recursive: true })
    const file = join(dir, 'supabase', 'config.toml')
    Deno.writeTextFileSync(file, '[auth.email]\nenabled = true\n')
    assert.deepEqual(loadAuthSettings(config(), file).emailTemplates, {})
    Deno.writeTextFileSync(
      join(dir, 'supabase', 'templates', 'recovery.html'),
      '<p>Reset: {{ .ConfirmationURL }}</p>',
    )
    Deno.writeTextFileSync(
      file,
      '[auth.email.template.recovery]\nsubject = "Reset"\ncontent_path = "./supabase/templates/recovery.html"\n',
    )
    assert.deepEqual(loadAuthSettings(config(), file).emailTemplates, {
      recovery: { subject: 'Reset', content: '<p>Reset: {{ .ConfirmationURL }}</p>' },
    })
    assert.equal(
      loadAuthSettings(config({ GOTRUE_MAILER_SUBJECTS_RECOVERY: 'New password' }), file)
        .emailTemplates.recovery?.subject,
      'New password',
    )
    Deno.writeTextFileSync(
      join(dir, 'supabase', 'templates', 'recovery.html'),
      '{{ if .Token }}code{{ end }}',
    )
    assert.throws(
      () => loadAuthSettings(config(), file),
      /\[auth\.email\.template\.recovery\] uses \{\{ if \.Token \}\}/,
    )
  } finally {
    Deno.removeSync(dir, { recursive: true })
  }
})

Deno.test('an e-mail template is filled as Auth fills it: escaped in HTML, and read as text', () => {
  const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=x'
  const html = fillTemplate(
    '<body><h1>Hi {{ .Email }}</h1><p><a href="{{ .ConfirmationURL }}">Go</a></p><p>Or: {{.ConfirmationURL}}</p></body>',
    { Email: 'a<b>@example.com', ConfirmationURL: link },
    true,
  )
  assert.ok(html.includes('href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup'))
  assert.ok(html.includes('Hi a&lt;b&gt;@example.com'))
  assert.equal(htmlToText(html), `Hi a<b>@example.com\n\nGo\n\nOr: ${link}`)
  assert.equal(fillTemplate('For {{ .Email }}', { Email: 'a&b' }, false), 'For a&b')
  assert.equal(fillTemplate('{{ .NewEmail }}', {}, true), '')
})

Deno.test('environment variables override config.toml', () => {
  const s = loadAuthSettings(config({
    GOTRUE_JWT_EXP: '600',
    GOTRUE_MAILER_AUTOCONFIRM: 'false',
    GOTRUE_PASSWORD_MIN_LENGTH: '12',
    GOTRUE_PASSWORD_REQUIRED_CHARACTERS: 'abcdefghijklmnopqrstuvwxyz:0123456789',
    GOTRUE_RATE_LIMIT_SIGN_IN_SIGN_UPS: '5',
    GOTRUE_SMTP_MAX_FREQUENCY: '2m30s',
    GOTRUE_URI_ALLOW_LIST: 'https://app.example.com/**,https://*.example.org',
  }))
  assert.equal(s.jwtExpiry, 600)
  assert.equal(s.mailerAutoconfirm, false)
  assert.equal(s.minimumPasswordLength, 12)
  assert.deepEqual(s.requiredCharacters, ['abcdefghijklmnopqrstuvwxyz', '0123456789'])
  assert.equal(s.rateLimits.signInSignUps, 5)
  assert.equal(s.rateLimits.emailFrequencySeconds, 150)
  assert.equal(
    redirectTarget(s, 'https://app.example.com/deep/path?x=1'),
    'https://app.example.com/deep/path?x=1',
  )
  assert.equal(redirectTarget(s, 'https://shop.example.org'), 'https://shop.example.org')
  assert.equal(redirectTarget(s, 'https://evil.example.net/'), s.siteUrl)
  assert.equal(redirectTarget(s, 'javascript:alert(1)'), s.siteUrl)
  assert.equal(
    redirectTarget(s, 'http://127.0.0.1:4000/admin'),
    'http://127.0.0.1:4000/admin',
    'the site host is allowed',
  )
})

// GoTrue's own cases (internal/utilities/request_test.go: TestIsRedirectURLValidSameOrigin and
// TestGetReferrer), run against the stack's rule.
Deno.test('redirect_to: the site itself means the same scheme, host and port; loopback hosts may change port', () => {
  const cases: [string, string, boolean][] = [
    ['https://example.com', 'https://example.com/path', true],
    ['https://example.com', 'http://example.com/path', false],
    ['http://example.com', 'https://example.com/path', false],
    ['https://example.com', 'https://example.com:8443/path', false],
    ['https://example.com:9000', 'https://example.com:9000/path', true],
    ['https://example.com:9000', 'https://example.com/path', false],
    ['https://example.com:9000', 'https://example.com:9001/path', false],
    ['http://localhost:3000', 'http://localhost:8080/callback', true],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:8080/callback', true],
    ['http://localhost:3000', 'http://localhost/callback', true],
    ['https://localhost:3000', 'http://localhost:8080/callback', false],
    ['https://roots.example', 'https://roots.example:5173/login', false],
    ['https://roots.example', 'https://roots.example.evil.test/login', false],
  ]
  for (const [site, url, want] of cases) {
    assert.equal(isRedirectUrlValid(site, [], url), want, `${site} → ${url}`)
  }
})

Deno.test('redirect_to: allow-list globs stop at dots and slashes; IP hosts only when loopback', () => {
  const allow = [
    'http://localhost:8000/*',
    'http://*.localhost:8000/*',
    'http://*:12345/*',
    'http://**:12345/*',
  ]
  const cases: [string, boolean][] = [
    ['http://localhost:8000/path', true],
    ['http://localhost:3000', false],
    ['http://localhost:8000', false],
    ['http://localhost:8000/path/to/page', false],
    ['http://localhost:8000/path?param=1', true],
    ['http://localhost:8000/path#fragment/with/slashes', true],
    ['http://123?.localhost:8000/path', false],
    ['http://123.123.123.123?localhost:8000/path', false],
    ['http://[65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d]?localhost:8000/path', false],
    ['http://65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d?localhost:8000/path', false],
    ['http://127.0.0.1:12345/path', true],
    ['http://[0:0:0:0:0:0:0:1]:12345/path', true],
    ['http://2130706433/path', false],
    ['https://example.com/dashboard', true],
    ['http://example.com/dashboard', false],
    ['https://example.com:8443/dashboard', false],
  ]
  for (const [url, want] of cases) {
    assert.equal(isRedirectUrlValid('https://example.com', allow, url), want, url)
  }
  const globs = ['https://*.example.org/**', 'https://{app,admin}.roots.example/[a-z]?']
  assert.equal(
    isRedirectUrlValid('https://roots.example', globs, 'https://shop.example.org/a/b'),
    true,
  )
  assert.equal(
    isRedirectUrlValid('https://roots.example', globs, 'https://a.shop.example.org/a'),
    false,
    '* does not cross a dot',
  )
  assert.equal(
    isRedirectUrlValid('https://roots.example', globs, 'https://admin.roots.example/x1'),
    true,
  )
  assert.equal(
    isRedirectUrlValid('https://roots.example', globs, 'https://evil.roots.example/x1'),
    false,
  )
  assert.equal(
    isRedirectUrlValid('https://roots.example', ['myapp://callback'], 'myapp://callback'),
    true,
    'an app scheme by exact match',
  )
  const s = loadAuthSettings(
    config({
      GOTRUE_SITE_URL: 'https://roots.example',
      GOTRUE_URI_ALLOW_LIST: 'https://roots.example/login',
    }),
  )
  assert.equal(
    redirectTarget(s, 'https://roots.example:4000/admin'),
    'https://roots.example',
    'another port on the site host falls back',
  )
  assert.equal(redirectTarget(s, 'https://roots.example/members'), 'https://roots.example/members')
})

Deno.test('[auth.email] and [auth.sms] enabled turn the providers on and off, as enable_signup did', async () => {
  const repo = loadAuthSettings(config())
  assert.deepEqual(
    [repo.emailSignup, repo.phoneSignup, repo.disableSignup],
    [true, false, false],
    'supabase/config.toml',
  )
  const dir = await Deno.makeTempDir()
  const toml = join(dir, 'config.toml')
  const read = async (text: string) => {
    await Deno.writeTextFile(toml, text)
    const s = loadAuthSettings(config(), toml)
    return [s.emailSignup, s.phoneSignup]
  }
  assert.deepEqual(await read('[auth.email]\nenabled = false\n[auth.sms]\nenabled = true\n'), [
    false,
    true,
  ])
  assert.deepEqual(
    await read('[auth.email]\nenable_signup = false\n[auth.sms]\nenable_signup = true\n'),
    [false, true],
    'the older key',
  )
  assert.deepEqual(await read(''), [true, false], 'the defaults')
  await Deno.remove(dir, { recursive: true })
})

Deno.test('password_requirements maps to required character sets, reported as reasons', async () => {
  const dir = await Deno.makeTempDir()
  const toml = join(dir, 'config.toml')
  await Deno.writeTextFile(
    toml,
    '[auth]\nminimum_password_length = 10\npassword_requirements = "lower_upper_letters_digits"\n',
  )
  const s = loadAuthSettings(config(), toml)
  const reasons = (pw: string) => {
    try {
      checkPasswordStrength(pw, s)
      return []
    } catch (e) {
      assert.ok(e instanceof AuthError)
      assert.equal(e.errorCode, 'weak_password')
      return e.reasons
    }
  }
  assert.deepEqual(reasons('short'), ['length', 'characters'])
  assert.deepEqual(reasons('alllowercase1'), ['characters'])
  assert.deepEqual(reasons('Long enough 1'), [])
  assert.equal(parseDuration('1m0s', 0), 60)
  assert.equal(parseDuration('5s', 0), 5)
  await Deno.remove(dir, { recursive: true })
})

Deno.test('TOTP matches RFC 6238 test vectors and accepts only ±1 step', async () => {
  const secret = new TextEncoder().encode('12345678901234567890')
  // RFC 6238 appendix B, SHA-1, truncated to 8 digits there; the last 6 digits are the 6-digit code.
  for (
    const [t, code] of [[59, '94287082'], [1111111109, '07081804'], [1234567890, '89005924'], [
      2000000000,
      '69279037',
    ]] as const
  ) {
    assert.equal(await hotp(secret, Math.floor(t / 30), 8), code)
  }
  const b32 = encodeBase32(secret)
  assert.equal(b32, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
  const at = 1234567890 * 1000
  const code = await hotp(secret, Math.floor(1234567890 / 30))
  assert.equal(await matchTotp(b32, code, at), Math.floor(1234567890 / 30))
  assert.equal(await matchTotp(b32, code, at + 30_000), Math.floor(1234567890 / 30))
  assert.equal(await matchTotp(b32, code, at + 60_000), null)
  assert.equal(await matchTotp(b32, 'abcdef', at), null)
})
