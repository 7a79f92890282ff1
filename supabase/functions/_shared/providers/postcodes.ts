// UK postcodes to places behind one small interface: a real client for postcodes.io (public,
// keyless: GET /postcodes/{postcode} → result.latitude/longitude, 404 for a postcode it does not
// know) and a local one over a small fixture (postcodes-fixture.ts: postcodes near the seeded
// sites, then their outward codes' centres). POSTCODES_PROVIDER=postcodes.io selects the real one;
// the local one is the default in the local stack only (see config.ts).
import type { LatLng } from '../common/geo.ts'
import { outwardCode } from '../common/geo.ts'
import { providerChoice } from './config.ts'
import { OUTCODE_FIXTURE, POSTCODE_FIXTURE } from './postcodes-fixture.ts'
import { ProviderError } from './record.ts'

export interface GeocodeProvider {
  readonly name: string
  /** The place of a normalised postcode ("SW1A 1AA"), or null when the service does not know it. */
  locate(postcode: string): Promise<LatLng | null>
}

export class LocalPostcodes implements GeocodeProvider {
  readonly name = 'local'
  locate(postcode: string): Promise<LatLng | null> {
    return Promise.resolve(
      POSTCODE_FIXTURE[postcode] ?? OUTCODE_FIXTURE[outwardCode(postcode)] ?? null,
    )
  }
}

const SERVICE = 'The postcode service'

export class PostcodesIo implements GeocodeProvider {
  readonly name = 'postcodes.io'
  constructor(private opts: { baseUrl?: string; fetch?: typeof fetch } = {}) {}
  async locate(postcode: string): Promise<LatLng | null> {
    const url = `${
      (this.opts.baseUrl ?? 'https://api.postcodes.io').replace(/\/+$/, '')
    }/postcodes/${encodeURIComponent(postcode)}`
    let res: Response
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(8000),
      })
    } catch (e) {
      throw new ProviderError(
        SERVICE,
        0,
        `${SERVICE} could not be reached: ${(e as Error).message}`,
      )
    }
    const body = await res.json().catch(() => null) as {
      result?: { latitude?: unknown; longitude?: unknown } | null
      error?: string
    } | null
    if (res.status === 404) return null
    if (!res.ok) {
      throw new ProviderError(
        SERVICE,
        res.status,
        `${SERVICE} answered ${res.status}: ${body?.error ?? 'no reason given'}`,
      )
    }
    const { latitude, longitude } = body?.result ?? {}
    // A terminated or non-geographic postcode comes back without a place: as good as unknown.
    if (typeof latitude !== 'number' || typeof longitude !== 'number') return null
    return { latitude, longitude }
  }
}

/** postcodes.io when POSTCODES_PROVIDER=postcodes.io (POSTCODES_API_URL may point it elsewhere);
 *  the fixture in the local stack; otherwise 503 not_configured. */
export function geocodeProvider(): GeocodeProvider {
  const choice = providerChoice('postcodes')
  if (choice.kind === 'real') return new PostcodesIo({ baseUrl: Deno.env.get('POSTCODES_API_URL') })
  return new LocalPostcodes()
}
