// RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s steps) with WebCrypto.
import { decodeBase32 } from './encoding.ts'

export const TOTP_PERIOD = 30
export const TOTP_DIGITS = 6

export async function hotp(
  secret: Uint8Array<ArrayBuffer>,
  counter: number,
  digits = TOTP_DIGITS,
): Promise<string> {
  const msg = new Uint8Array(8)
  new DataView(msg.buffer).setBigUint64(0, BigInt(counter))
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, msg))
  const offset = mac[mac.length - 1] & 0x0f
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) |
    mac[offset + 3]
  return String(bin % 10 ** digits).padStart(digits, '0')
}

/** The time step a code matches within ±`skew` steps of now, or null. */
export async function matchTotp(
  base32Secret: string,
  code: string,
  now = Date.now(),
  skew = 1,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const secret = decodeBase32(base32Secret)
  const step = Math.floor(now / 1000 / TOTP_PERIOD)
  for (let d = -skew; d <= skew; d++) {
    if (await hotp(secret, step + d) === code) return step + d
  }
  return null
}
