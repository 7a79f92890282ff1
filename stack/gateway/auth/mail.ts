// One-time tokens and the emails that carry them. As in Supabase Auth, the user row keeps only
// sha224(address + code); the email carries the code and a link to /auth/v1/verify with the
// hash, which redirects to the web app (site_url or an allowed redirect_to).
import { createHash } from 'node:crypto'
import type { Deps } from './deps.ts'
import { tooMany } from './errors.ts'
import { randomString } from './sessions.ts'
import type { Sql, UserRow } from './users.ts'
import type { EmailTemplateName } from './settings.ts'

export type EmailKind =
  | 'signup'
  | 'invite'
  | 'magiclink'
  | 'recovery'
  | 'email_change'
  | 'reauthentication'

export const tokenHash = (address: string, code: string) =>
  createHash('sha224').update(address + code).digest('hex')

export const otpCode = (length: number) => randomString(length, '0123456789')

const SUBJECTS: Record<EmailKind, string> = {
  signup: 'Confirm Your Signup',
  invite: 'You have been invited',
  magiclink: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication',
}

const INTRO: Record<EmailKind, string> = {
  signup: 'Follow this link to confirm your user:',
  invite: 'You have been invited to create a user. Follow this link to accept the invite:',
  magiclink: 'Follow this link to sign in:',
  recovery: 'Follow this link to reset the password for your user:',
  email_change: 'Follow this link to confirm the update of your email:',
  reauthentication: 'Enter the code:',
}

/** The columns a kind of token lives in. */
export const TOKEN_COLUMN: Record<
  Exclude<EmailKind, 'email_change'>,
  { token: string; sentAt: string }
> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
}

export interface IssuedToken {
  code: string
  hash: string
  link: string
  redirectTo: string
}

export function verifyLink(deps: Deps, hash: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo })
  return `${deps.settings.apiExternalUrl}/auth/v1/verify?${q}`
}

/** Seconds the caller must still wait before another email to this address, GoTrue's
 *  max_frequency check on the *_sent_at column. */
export function checkFrequency(deps: Deps, sentAt: Date | null | undefined): void {
  const wait = deps.settings.rateLimits.emailFrequencySeconds
  if (!sentAt || wait <= 0) return
  const left = Math.ceil((new Date(sentAt).getTime() + wait * 1000 - Date.now()) / 1000)
  if (left > 0) {
    throw tooMany(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    )
  }
}

/** Generates a code for `kind`, stores its hash (prefixed `pkce_` in the PKCE flow) and returns
 *  what an email would carry. Does not send. */
export async function issueEmailToken(
  deps: Deps,
  sql: Sql,
  user: UserRow,
  kind: Exclude<EmailKind, 'email_change'>,
  redirectTo: string,
  pkce = false,
): Promise<IssuedToken> {
  const code = otpCode(deps.settings.otpLength)
  const hash = tokenHash(user.email ?? '', code)
  const stored = pkce ? `pkce_${hash}` : hash
  const col = TOKEN_COLUMN[kind]
  await sql`update auth.users set ${
    sql({ [col.token]: stored, [col.sentAt]: new Date() })
  } where id = ${user.id}`
  return { code, hash: stored, link: verifyLink(deps, stored, kind, redirectTo), redirectTo }
}

/** The config.toml template of each kind of e-mail (reauthentication has none there). */
const TEMPLATE_OF: Partial<Record<EmailKind, EmailTemplateName>> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
}

const escapeHtml = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** Fills `{{ .Variable }}` (settings.ts allows no other action), escaped for HTML when `html`. */
export function fillTemplate(text: string, vars: Record<string, string>, html: boolean): string {
  return text.replace(/\{\{-?\s*\.(\w+)\s*-?\}\}/g, (_, name: string) => {
    const value = vars[name] ?? ''
    return html ? escapeHtml(value) : value
  })
}

/** An HTML e-mail as the plain text a mail client shows: block ends as line breaks, no tags. */
export function htmlToText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html
  return body
    .replace(/<(script|style|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|div|tr|main)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Writes the e-mail to the outbox. The request that causes it has been charged for it already
 *  (ratelimit.ts chargeEmail), before its address was looked up. Worded by config.toml's template
 *  of its kind where there is one (its HTML kept beside the text, as sent), else by Auth's own. */
export async function sendEmail(
  deps: Deps,
  to: string,
  kind: EmailKind,
  t: { code: string; link?: string },
  meta: Record<string, unknown> = {},
  addresses: { email?: string; newEmail?: string } = {},
) {
  const template = TEMPLATE_OF[kind] ? deps.settings.emailTemplates[TEMPLATE_OF[kind]!] : undefined
  const link = t.link ? new URL(t.link) : null
  const vars: Record<string, string> = {
    ConfirmationURL: t.link ?? '',
    Token: t.code,
    TokenHash: link?.searchParams.get('token') ?? '',
    SiteURL: deps.settings.siteUrl,
    Email: addresses.email ?? to,
    NewEmail: addresses.newEmail ?? '',
    RedirectTo: link?.searchParams.get('redirect_to') ?? '',
  }
  const html = template?.content ? fillTemplate(template.content, vars, true) : null
  const lines = kind === 'reauthentication'
    ? [INTRO[kind], '', t.code]
    : [INTRO[kind], '', t.link ?? '', '', `Alternatively, enter the code: ${t.code}`]
  await deps.outbox.send({
    channel: 'email',
    recipient: to,
    subject: template?.subject ? fillTemplate(template.subject, vars, false) : SUBJECTS[kind],
    body: html ? htmlToText(html) : lines.join('\n'),
    meta: { type: kind, code: t.code, link: t.link ?? null, ...(html ? { html } : {}), ...meta },
  })
}

/** Issues and emails a token, after the per-address frequency check. */
export async function issueAndSend(
  deps: Deps,
  sql: Sql,
  user: UserRow,
  kind: Exclude<EmailKind, 'email_change'>,
  redirectTo: string,
  pkce = false,
): Promise<IssuedToken> {
  const col = TOKEN_COLUMN[kind]
  checkFrequency(deps, (user as unknown as Record<string, Date | null>)[col.sentAt])
  const t = await issueEmailToken(deps, sql, user, kind, redirectTo, pkce)
  await sendEmail(deps, user.email ?? '', kind, t, { token_hash: t.hash, redirect_to: redirectTo })
  return t
}

/** Email change: a token for the new address and, with double confirmation, one for the
 *  current address. */
export async function issueEmailChange(
  deps: Deps,
  sql: Sql,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  send: boolean,
) {
  if (send) checkFrequency(deps, user.email_change_sent_at)
  const codeNew = otpCode(deps.settings.otpLength)
  const hashNew = tokenHash(newEmail, codeNew)
  const double = deps.settings.doubleConfirmChanges && !!user.email
  const codeCurrent = double ? otpCode(deps.settings.otpLength) : ''
  const hashCurrent = double ? tokenHash(user.email ?? '', codeCurrent) : ''
  await sql`
    update auth.users set email_change = ${newEmail}, email_change_token_new = ${hashNew},
      email_change_token_current = ${hashCurrent}, email_change_confirm_status = 0, email_change_sent_at = now()
    where id = ${user.id}`
  const linkNew = verifyLink(deps, hashNew, 'email_change', redirectTo)
  const linkCurrent = double ? verifyLink(deps, hashCurrent, 'email_change', redirectTo) : ''
  if (send) {
    // Both e-mails name both addresses: Auth's Email is the current one, NewEmail the new.
    const addresses = { email: user.email ?? newEmail, newEmail }
    await sendEmail(deps, newEmail, 'email_change', { code: codeNew, link: linkNew }, {
      token_hash: hashNew,
    }, addresses)
    if (double) {
      await sendEmail(
        deps,
        user.email ?? '',
        'email_change',
        {
          code: codeCurrent,
          link: linkCurrent,
        },
        { token_hash: hashCurrent },
        addresses,
      )
    }
  }
  return { codeNew, hashNew, linkNew, codeCurrent, hashCurrent, linkCurrent }
}
