// Which redirect_to values Supabase Auth follows: GoTrue's IsRedirectURLValid
// (internal/utilities/request.go) and its allow-list globs (gobwas/glob compiled with '.' and '/'
// as separators, internal/conf/configuration.go). Anything else falls back to the site URL.
//
//   1. The site itself: same scheme, host and port as site_url. The port may differ only on a
//      loopback host (localhost, *.localhost, 127.0.0.1, ::1, 0.0.0.0, ::), as RFC 8252 §7.3
//      lets native apps pick their port.
//   2. Never a host written as a bare decimal number; any other IP address only when it is a
//      loopback address (any port, any path: GoTrue allows it outright); an http(s) host only
//      when it looks like a host name.
//   3. Otherwise a match, on the URL without its fragment, against one of
//      additional_redirect_urls: `*` and `?` stop at '.' and '/', `**` crosses them, `[a-z]`,
//      `[!a]`, `{one,two}` and `\` escapes as in gobwas/glob.

interface GoUrl {
  scheme: string
  hostname: string
  port: string
}

/** The parts Go's url.Parse gives (scheme lower-cased, Hostname() without brackets, Port() as
 *  written, '' when absent), or null where url.Parse fails. WHATWG's URL would rewrite hosts
 *  such as `2130706433` into `127.0.0.1`, which GoTrue refuses, so the authority is read as
 *  written. */
function parseGoUrl(raw: string): GoUrl | null {
  // Go refuses ASCII control characters anywhere in a URL.
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s.exec(raw)
  if (!m) {
    return raw.startsWith('//')
      ? parseAuthority('', raw.slice(2))
      : { scheme: '', hostname: '', port: '' }
  }
  const scheme = m[1].toLowerCase()
  const rest = m[2]
  if (!rest.startsWith('//')) return { scheme, hostname: '', port: '' }
  return parseAuthority(scheme, rest.slice(2))
}

function parseAuthority(scheme: string, afterSlashes: string): GoUrl | null {
  const authority = afterSlashes.split(/[/?#]/, 1)[0]
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  if (host.startsWith('[')) {
    const close = host.indexOf(']')
    if (close < 0) return null
    const port = host.slice(close + 1)
    if (port !== '' && !/^:\d*$/.test(port)) return null
    return { scheme, hostname: host.slice(1, close), port: port.slice(1) }
  }
  const colon = host.lastIndexOf(':')
  if (colon < 0) return { scheme, hostname: host, port: '' }
  const port = host.slice(colon + 1)
  if (!/^\d*$/.test(port)) return null
  return { scheme, hostname: host.slice(0, colon), port }
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'])

/** GoTrue's isLocalhost (internal/utilities/url_validator.go). */
const isLocalhost = (hostname: string) => {
  const h = hostname.toLowerCase()
  return LOOPBACK_NAMES.has(h) || h.endsWith('.localhost')
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/** null when `host` is not an IP address as Go's net.ParseIP reads one, else whether it is a
 *  loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
function ipLoopback(host: string): boolean | null {
  if (IPV4.test(host)) return host.startsWith('127.')
  if (!host.includes(':') || !/^[0-9a-fA-F:.]+$/.test(host)) return null
  let normal: string
  try {
    normal = new URL(`http://[${host}]/`).hostname.slice(1, -1)
  } catch {
    return null
  }
  return normal === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(normal)
}

const DECIMAL = /^[0-9]+$/
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/** A gobwas/glob pattern with '.' and '/' as separators, as a regular expression. */
export function compileGlob(pattern: string): RegExp {
  let i = 0
  const seq = (inAlt: boolean): string => {
    let out = ''
    while (i < pattern.length) {
      const c = pattern[i]
      if (inAlt && (c === ',' || c === '}')) break
      i++
      if (c === '\\' && i < pattern.length) {
        out += escapeRe(pattern[i++])
      } else if (c === '*') {
        if (pattern[i] === '*') {
          while (pattern[i] === '*') i++
          out += '.*'
        } else out += '[^./]*'
      } else if (c === '?') {
        out += '[^./]'
      } else if (c === '[') {
        const close = pattern.indexOf(']', i + 1)
        if (close < 0) {
          out += '\\['
          continue
        }
        let body = pattern.slice(i, close)
        i = close + 1
        const negate = body.startsWith('!')
        if (negate) body = body.slice(1)
        const cls = body.replace(/[\]\\^]/g, '\\$&')
        out += negate ? `[^${cls}]` : `[${cls}]`
      } else if (c === '{') {
        const alternatives: string[] = []
        for (;;) {
          alternatives.push(seq(true))
          if (pattern[i] === ',') {
            i++
            continue
          }
          if (pattern[i] === '}') i++
          break
        }
        out += `(?:${alternatives.join('|')})`
      } else {
        out += escapeRe(c)
      }
    }
    return out
  }
  return new RegExp(`^${seq(false)}$`, 's')
}

const globs = new Map<string, RegExp>()
const glob = (pattern: string) => {
  let re = globs.get(pattern)
  if (!re) globs.set(pattern, re = compileGlob(pattern))
  return re
}

/** GoTrue's IsRedirectURLValid. */
export function isRedirectUrlValid(
  siteUrl: string,
  allowList: readonly string[],
  redirectUrl: string,
): boolean {
  if (!redirectUrl) return false
  const base = parseGoUrl(siteUrl)
  const ref = parseGoUrl(redirectUrl)
  if (!base || !ref) return false
  if (
    base.hostname === ref.hostname && base.scheme === ref.scheme &&
    (base.port === ref.port || isLocalhost(ref.hostname))
  ) return true
  const isHttp = ref.scheme === 'http' || ref.scheme === 'https'
  if (DECIMAL.test(ref.hostname)) return false
  const loopback = ipLoopback(ref.hostname)
  if (loopback !== null) return loopback
  if (isHttp && !REGULAR_HOSTNAME.test(ref.hostname)) return false
  const withoutFragment = redirectUrl.split('#', 1)[0]
  return allowList.some((pattern) => glob(pattern).test(withoutFragment))
}
