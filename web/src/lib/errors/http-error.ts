// Errors that carry an HTTP-like status, and the rules about them.

export const NOT_FOUND_MESSAGE = 'Page Not Found'
export const SERVER_ERROR_MESSAGE = 'Internal Server Error'

export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    readonly statusMessage?: string,
    readonly description?: string,
  ) {
    super(statusMessage ?? (status === 404 ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE))
  }
}

/** Route parameter validation failures: 404 'Page Not Found: {path}'. */
export const routeValidationError = (path: string) =>
  new HttpError(404, `${NOT_FOUND_MESSAGE}: ${path}`)

/** The status of anything thrown; a missing or nonsensical status counts as 500. */
export function statusOf(error: unknown): number {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; statusCode?: unknown }
    const s = Number(e.status ?? e.statusCode)
    if (Number.isInteger(s) && s >= 100 && s <= 599) return s
  }
  return 500
}

/** Statuses 300–499 are the visitor's business (redirects, not found, forbidden): not reported. */
export const shouldReport = (status: number) => status < 300 || status > 499

/**
 * Search crawlers, performance audits (Lighthouse, PageSpeed) and link-preview crawlers: they
 * skip the error page; the error is only reported.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|lighthouse|chrome-lighthouse|pagespeed|gtmetrix|headlesschrome.*lighthouse|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|skypeuripreview|discordbot|telegrambot|slackbot|linkedinbot|twitterbot|applebot|bingpreview|yandex|baiduspider|duckduckbot|petalbot|semrush|ahrefs|mj12bot/i

export const isBotUserAgent = (ua: string | undefined | null) => !!ua && BOT.test(ua)
