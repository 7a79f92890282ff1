// /functions/v1/postcodes: where a UK postcode is, for "find a site near you" (web /sites).
//
//   POST { postcode }  (anon key)
//     → 200 { postcode: 'SW1A 1AA', latitude, longitude }   the postcode as written (upper case,
//       one space) and its centre, from the geocoder (_shared/providers/postcodes.ts: postcodes.io,
//       or the fixture in the local stack).
//     → 400 invalid_postcode "Enter a full UK postcode, like SW1A 1AA."   not a full UK postcode
//       (checked here, before any lookup); details [{ path: 'postcode', message }].
//     → 404 postcode_not_found "We could not find that postcode."   well formed, but unknown.
// One connection may look up 60 postcodes an hour (429 rate_limited); the geocoder unreachable
// 502 upstream_failed; no geocoder configured (deployed without POSTCODES_PROVIDER) 503
// not_configured. Other methods 405. Nothing is stored: not the postcode, not the place.
import { z } from 'npm:zod@3'
import {
  normalisePostcode,
  POSTCODE_INVALID_MESSAGE,
  POSTCODE_NOT_FOUND_MESSAGE,
} from '../_shared/common/geo.ts'
import { HttpError, upstream } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { geocodeProvider } from '../_shared/providers/postcodes.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { takeQuotas } from '../_shared/quota.ts'

export const bodySchema = z.object({ postcode: z.string().max(32, POSTCODE_INVALID_MESSAGE) })
  .strict()

export const LOOKUPS_PER_HOUR = 60

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const body = await readJson(req, bodySchema)
  const postcode = normalisePostcode(body.postcode)
  if (!postcode) {
    throw new HttpError(400, 'invalid_postcode', POSTCODE_INVALID_MESSAGE, [{
      path: 'postcode',
      message: POSTCODE_INVALID_MESSAGE,
    }])
  }
  requireProvider('postcodes') // 503 before the quota is spent
  await takeQuotas(req, [{
    action: 'postcode_lookups',
    max: LOOKUPS_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many postcode searches from your connection: please try again in an hour.',
  }])
  let place
  try {
    place = await geocodeProvider().locate(postcode)
  } catch (e) {
    if (e instanceof ProviderError) {
      throw upstream(
        'We could not look up postcodes just now. Please try again, or use your location.',
        { provider_status: e.status },
      )
    }
    throw e
  }
  if (!place) {
    throw new HttpError(404, 'postcode_not_found', POSTCODE_NOT_FOUND_MESSAGE, [{
      path: 'postcode',
      message: POSTCODE_NOT_FOUND_MESSAGE,
    }])
  }
  return json({ postcode, latitude: place.latitude, longitude: place.longitude })
})
