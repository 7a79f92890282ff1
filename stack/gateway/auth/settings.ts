// Auth settings, read the way the Supabase CLI reads them: supabase/config.toml's [auth]
// sections first, then GOTRUE_* environment variables (ctx.config.env) on top. Both ways of
// running the backend therefore behave the same from one file.
import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { paths } from '../../config.ts'
import type { GatewayConfig } from '../context.ts'

export interface RateLimits {
  /** Password, OTP and PKCE sign-ins and sign-ups per IP, per 5 minutes. */
  signInSignUps: number
  /** Refresh-token grants per IP, per 5 minutes. */
  tokenRefresh: number
  /** /verify calls per IP, per 5 minutes. */
  verify: number
  /** Emails sent per hour, all addresses together: GoTrue's project-wide bucket, which it applies
   *  only while e-mail confirmations are on (0 refuses every e-mail). */
  emailSent: number
  /** Emails to one address per hour (the stack's own; GoTrue has only max_frequency). */
  emailPerRecipient: number
  /** Emails asked for from one client IP per hour (the stack's own). */
  emailPerIp: number
  /** SMS sent per hour. */
  smsSent: number
  /** MFA challenge and verify calls per IP, per hour. */
  mfa: number
  /** Seconds between two emails to one address. */
  emailFrequencySeconds: number
  /** Seconds between two SMS to one number (MFA phone challenges included). */
  smsFrequencySeconds: number
}

export interface AuthSettings {
  siteUrl: string
  additionalRedirectUrls: string[]
  apiExternalUrl: string
  jwtSecret: string
  jwtExpiry: number
  refreshTokenRotation: boolean
  refreshTokenReuseInterval: number
  disableSignup: boolean
  emailSignup: boolean
  phoneSignup: boolean
  mailerAutoconfirm: boolean
  smsAutoconfirm: boolean
  doubleConfirmChanges: boolean
  securePasswordChange: boolean
  otpLength: number
  otpExpiry: number
  minimumPasswordLength: number
  /** Character sets of which a password needs at least one character each. */
  requiredCharacters: string[]
  mfa: {
    maxEnrolledFactors: number
    totpEnroll: boolean
    totpVerify: boolean
    phoneEnroll: boolean
    phoneVerify: boolean
    phoneOtpLength: number
    phoneTemplate: string
    challengeExpirySeconds: number
  }
  rateLimits: RateLimits
  /** [auth.email.template.<name>]: each configured e-mail's subject and HTML; unset, Auth's own. */
  emailTemplates: Partial<Record<EmailTemplateName, EmailTemplate>>
  /** GOTRUE_RATE_LIMIT_HEADER: the header whose first value is the client IP for rate limits
   *  (X-Forwarded-For behind a proxy); unset, the socket's address. */
  rateLimitHeader: string | null
}

type Toml = Record<string, unknown>

/** The e-mails config.toml can word ([auth.email.template.<name>]), as the CLI names them. */
export const EMAIL_TEMPLATE_NAMES = [
  'confirmation',
  'invite',
  'magic_link',
  'recovery',
  'email_change',
] as const
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number]

export interface EmailTemplate {
  subject?: string
  /** The HTML, read from content_path. */
  content?: string
}

/** The variables a template may use, as Auth fills them. */
export const TEMPLATE_VARIABLES = [
  'ConfirmationURL',
  'Token',
  'TokenHash',
  'SiteURL',
  'Email',
  'NewEmail',
  'RedirectTo',
] as const

/**
 * config.toml's e-mail templates. content_path is relative to the directory that holds supabase/
 * (the CLI resolves these paths, alone of its paths, from there); GOTRUE_MAILER_SUBJECTS_<NAME>
 * overrides a subject. A template that uses more of Go's template language than `{{ .Variable }}`
 * stops the gateway with its name rather than sending a half-filled e-mail.
 */
function loadEmailTemplates(
  email: Toml,
  tomlFile: string,
  env: Record<string, string | undefined>,
): Partial<Record<EmailTemplateName, EmailTemplate>> {
  const templates = section(email, 'template')
  const repo = dirname(dirname(tomlFile))
  const out: Partial<Record<EmailTemplateName, EmailTemplate>> = {}
  for (const name of EMAIL_TEMPLATE_NAMES) {
    const t = section(templates, name)
    const subject = env[`GOTRUE_MAILER_SUBJECTS_${name.toUpperCase()}`] ??
      (t.subject as string | undefined)
    const path = t.content_path as string | undefined
    const content = path
      ? Deno.readTextFileSync(isAbsolute(path) ? path : join(repo, path))
      : undefined
    for (const text of [subject, content]) {
      for (const [action] of (text ?? '').matchAll(/\{\{.*?\}\}/gs)) {
        const variable = /^\{\{-?\s*\.(\w+)\s*-?\}\}$/.exec(action)?.[1]
        if (!variable || !(TEMPLATE_VARIABLES as readonly string[]).includes(variable)) {
          throw new Error(
            `[auth.email.template.${name}] uses ${action}: the stack fills only ${
              TEMPLATE_VARIABLES.map((v) => `{{ .${v} }}`).join(', ')
            }`,
          )
        }
      }
    }
    if (subject !== undefined || content !== undefined) out[name] = { subject, content }
  }
  return out
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~'

/** The CLI's `password_requirements` values, as GoTrue's required character sets. */
export function passwordRequirementSets(value: string): string[] {
  switch (value) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS]
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS]
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS]
    default:
      return []
  }
}

/** Go durations as the CLI writes them ("1m0s", "5s", "60s") or plain seconds. */
export function parseDuration(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value.trim() === '') return fallback
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value)
  let total = 0
  let matched = false
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) {
    matched = true
    const n = Number(m[1])
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 's' ? n : n / 1000
  }
  return matched ? total : fallback
}

function readToml(file: string): Toml {
  if (!existsSync(file)) return {}
  return parseToml(Deno.readTextFileSync(file)) as Toml
}

const section = (t: Toml | undefined, key: string): Toml => ((t?.[key] ?? {}) as Toml)

export function loadAuthSettings(config: GatewayConfig, tomlFile = paths.configToml): AuthSettings {
  const toml = readToml(tomlFile)
  const auth = section(toml, 'auth')
  const email = section(auth, 'email')
  const sms = section(auth, 'sms')
  const rate = section(auth, 'rate_limit')
  const mfa = section(auth, 'mfa')
  const totp = section(mfa, 'totp')
  const phone = section(mfa, 'phone')
  const env = config.env

  const str = (name: string, fallback: string) => env[name] ?? fallback
  const num = (name: string, fallback: unknown, dflt: number) => {
    const raw = env[name]
    if (raw !== undefined && raw !== '' && !Number.isNaN(Number(raw))) return Number(raw)
    return typeof fallback === 'number' ? fallback : dflt
  }
  const bool = (name: string, fallback: unknown, dflt: boolean) => {
    const raw = env[name]
    if (raw !== undefined && raw !== '') return raw === 'true' || raw === '1'
    return typeof fallback === 'boolean' ? fallback : dflt
  }
  const dur = (name: string, fallback: unknown, dflt: number) =>
    parseDuration(env[name] ?? fallback, dflt)

  // The stack knows where it serves the web app; the file's site_url is the default port of it.
  const siteUrl = str(
    'GOTRUE_SITE_URL',
    config.siteUrl || (auth.site_url as string) || 'http://127.0.0.1:5173',
  )
  const redirectUrls = env.GOTRUE_URI_ALLOW_LIST !== undefined
    ? env.GOTRUE_URI_ALLOW_LIST.split(',').map((s) => s.trim()).filter(Boolean)
    : ((auth.additional_redirect_urls as string[] | undefined) ?? [])
  const requiredCharacters = env.GOTRUE_PASSWORD_REQUIRED_CHARACTERS !== undefined
    ? env.GOTRUE_PASSWORD_REQUIRED_CHARACTERS.split(':').filter(Boolean)
    : passwordRequirementSets(String(auth.password_requirements ?? ''))

  return {
    siteUrl,
    additionalRedirectUrls: redirectUrls,
    apiExternalUrl: str('API_EXTERNAL_URL', config.apiUrl),
    jwtSecret: str('GOTRUE_JWT_SECRET', config.jwtSecret),
    jwtExpiry: num('GOTRUE_JWT_EXP', auth.jwt_expiry, 3600),
    refreshTokenRotation: bool(
      'GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED',
      auth.enable_refresh_token_rotation,
      true,
    ),
    refreshTokenReuseInterval: num(
      'GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL',
      auth.refresh_token_reuse_interval,
      10,
    ),
    disableSignup: bool(
      'GOTRUE_DISABLE_SIGNUP',
      auth.enable_signup === undefined ? undefined : !auth.enable_signup,
      false,
    ),
    // [auth.email]/[auth.sms] `enabled` as CLI 3.x writes it; the older `enable_signup` still reads.
    emailSignup: bool('GOTRUE_EXTERNAL_EMAIL_ENABLED', email.enabled ?? email.enable_signup, true),
    phoneSignup: bool('GOTRUE_EXTERNAL_PHONE_ENABLED', sms.enabled ?? sms.enable_signup, false),
    mailerAutoconfirm: bool(
      'GOTRUE_MAILER_AUTOCONFIRM',
      email.enable_confirmations === undefined ? undefined : !email.enable_confirmations,
      true,
    ),
    smsAutoconfirm: bool(
      'GOTRUE_SMS_AUTOCONFIRM',
      sms.enable_confirmations === undefined ? undefined : !sms.enable_confirmations,
      true,
    ),
    doubleConfirmChanges: bool(
      'GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED',
      email.double_confirm_changes,
      true,
    ),
    securePasswordChange: bool(
      'GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION',
      email.secure_password_change,
      false,
    ),
    otpLength: num('GOTRUE_MAILER_OTP_LENGTH', email.otp_length, 6),
    otpExpiry: num('GOTRUE_MAILER_OTP_EXP', email.otp_expiry, 3600),
    minimumPasswordLength: num('GOTRUE_PASSWORD_MIN_LENGTH', auth.minimum_password_length, 8),
    requiredCharacters,
    mfa: {
      maxEnrolledFactors: num('GOTRUE_MFA_MAX_ENROLLED_FACTORS', mfa.max_enrolled_factors, 10),
      totpEnroll: bool('GOTRUE_MFA_TOTP_ENROLL_ENABLED', totp.enroll_enabled, true),
      totpVerify: bool('GOTRUE_MFA_TOTP_VERIFY_ENABLED', totp.verify_enabled, true),
      phoneEnroll: bool('GOTRUE_MFA_PHONE_ENROLL_ENABLED', phone.enroll_enabled, false),
      phoneVerify: bool('GOTRUE_MFA_PHONE_VERIFY_ENABLED', phone.verify_enabled, false),
      phoneOtpLength: num('GOTRUE_MFA_PHONE_OTP_LENGTH', phone.otp_length, 6),
      phoneTemplate: str(
        'GOTRUE_MFA_PHONE_TEMPLATE',
        (phone.template as string) ?? 'Your code is {{ .Code }}',
      ),
      challengeExpirySeconds: num('GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION', undefined, 300),
    },
    rateLimits: {
      signInSignUps: num('GOTRUE_RATE_LIMIT_SIGN_IN_SIGN_UPS', rate.sign_in_sign_ups, 30),
      tokenRefresh: num('GOTRUE_RATE_LIMIT_TOKEN_REFRESH', rate.token_refresh, 150),
      verify: num('GOTRUE_RATE_LIMIT_VERIFY', rate.token_verifications, 30),
      // The CLI passes [auth.rate_limit] email_sent to Auth only with [auth.email.smtp] enabled;
      // with the local mail catcher Auth keeps its own default, 30 an hour.
      emailSent: num(
        'GOTRUE_RATE_LIMIT_EMAIL_SENT',
        section(email, 'smtp').enabled === true ? rate.email_sent : undefined,
        30,
      ),
      // Not Supabase settings (config.toml cannot hold them: the CLI warns on unknown keys).
      emailPerRecipient: num('STACK_RATE_LIMIT_EMAIL_PER_RECIPIENT', undefined, 3),
      emailPerIp: num('STACK_RATE_LIMIT_EMAIL_PER_IP', undefined, 10),
      smsSent: num('GOTRUE_RATE_LIMIT_SMS_SENT', rate.sms_sent, 30),
      mfa: num('GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY', undefined, 15),
      emailFrequencySeconds: dur('GOTRUE_SMTP_MAX_FREQUENCY', email.max_frequency, 60),
      smsFrequencySeconds: dur('GOTRUE_SMS_MAX_FREQUENCY', sms.max_frequency, 60),
    },
    emailTemplates: loadEmailTemplates(email, tomlFile, env),
    rateLimitHeader: env.GOTRUE_RATE_LIMIT_HEADER?.trim() || null,
  }
}
