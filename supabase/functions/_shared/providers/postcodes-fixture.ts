// The local postcode provider's data (local stack only): postcodes near the seeded sites' cities
// (town halls, stations and landmarks; centroids to about a hundred metres) and the centres of
// their outward codes, for a full postcode that is not listed. Data only: the e2e tests compute
// the distances they expect from it.
import type { LatLng } from '../common/geo.ts'

// deno-fmt-ignore -- a table: one postcode a line
export const POSTCODE_FIXTURE: Readonly<Record<string, LatLng>> = {
  // London
  'SW1A 1AA': { latitude: 51.501009, longitude: -0.141588 }, // Buckingham Palace
  'SW1A 2AA': { latitude: 51.503541, longitude: -0.12767 }, // Downing Street
  'SW1A 0AA': { latitude: 51.49984, longitude: -0.124663 }, // Houses of Parliament
  'W1A 1AA': { latitude: 51.518561, longitude: -0.143799 }, // Broadcasting House
  'SE1 7PB': { latitude: 51.503324, longitude: -0.119543 }, // County Hall
  'EC1A 1BB': { latitude: 51.52018, longitude: -0.09772 }, // St Bartholomew's
  'CR0 1EA': { latitude: 51.372337, longitude: -0.098436 }, // Croydon, Mint Walk
  'HA4 7DP': { latitude: 51.574951, longitude: -0.421315 }, // Ruislip High Street
  'DA1 1DR': { latitude: 51.445497, longitude: 0.217232 }, // Dartford, Home Gardens
  // South and west
  'BA1 1LZ': { latitude: 51.38144, longitude: -2.358965 }, // Bath Abbey
  'BA1 2QH': { latitude: 51.386832, longitude: -2.368082 }, // Bath, Royal Crescent
  'BA2 3DQ': { latitude: 51.377541, longitude: -2.360121 }, // Bath, Widcombe
  'BS1 5TR': { latitude: 51.449577, longitude: -2.599209 }, // Bristol Harbourside
  'BS8 3PA': { latitude: 51.455612, longitude: -2.620349 }, // Clifton
  'GL1 2TG': { latitude: 51.864816, longitude: -2.248982 }, // Gloucester, Shire Hall
  'BN11 1HA': { latitude: 50.813596, longitude: -0.371326 }, // Worthing Town Hall
  'CM1 1JE': { latitude: 51.735744, longitude: 0.469558 }, // Chelmsford, Duke Street
  'CM2 8HX': { latitude: 51.700548, longitude: 0.468419 }, // Galleywood
  // Midlands
  'DY8 1YE': { latitude: 52.456877, longitude: -2.146681 }, // Stourbridge
  'B3 3DQ': { latitude: 52.479661, longitude: -1.903687 }, // Birmingham Town Hall
  'NG1 2DT': { latitude: 52.953271, longitude: -1.149668 }, // Nottingham Council House
  'NG11 6HD': { latitude: 52.893179, longitude: -1.150213 }, // Ruddington
  'PE1 1HF': { latitude: 52.572027, longitude: -0.243044 }, // Peterborough Town Hall
  'TF3 4LD': { latitude: 52.678226, longitude: -2.447003 }, // Telford Centre
  'ST4 1HH': { latitude: 53.004712, longitude: -2.181017 }, // Stoke, Glebe Street
  // North
  'LS1 1UR': { latitude: 53.801279, longitude: -1.548567 }, // Leeds Civic Hall
  'S1 2HH': { latitude: 53.380112, longitude: -1.470331 }, // Sheffield Town Hall
  'S6 6GL': { latitude: 53.410487, longitude: -1.539919 }, // Loxley
  'S70 2TA': { latitude: 53.552793, longitude: -1.482698 }, // Barnsley Town Hall
  'WN1 1YN': { latitude: 53.545102, longitude: -2.632354 }, // Wigan
  'CH1 2HJ': { latitude: 53.191004, longitude: -2.891818 }, // Chester Town Hall
  'DH1 3NJ': { latitude: 54.776228, longitude: -1.575715 }, // Durham Market Place
  'M1 1AE': { latitude: 53.480908, longitude: -2.237418 }, // Manchester
}

/** Outward codes' centres: a full postcode the table above does not hold answers with these. */
// deno-fmt-ignore -- a table: one outward code a line
export const OUTCODE_FIXTURE: Readonly<Record<string, LatLng>> = {
  SW1A: { latitude: 51.501, longitude: -0.1332 },
  W1A: { latitude: 51.5186, longitude: -0.1438 },
  SE1: { latitude: 51.4989, longitude: -0.0945 },
  EC1A: { latitude: 51.5188, longitude: -0.0999 },
  CR0: { latitude: 51.3748, longitude: -0.0752 },
  HA4: { latitude: 51.5698, longitude: -0.4119 },
  DA1: { latitude: 51.4432, longitude: 0.2092 },
  BA1: { latitude: 51.3905, longitude: -2.3757 },
  BA2: { latitude: 51.3684, longitude: -2.3577 },
  BS1: { latitude: 51.4532, longitude: -2.5929 },
  BS8: { latitude: 51.4567, longitude: -2.6215 },
  GL1: { latitude: 51.8598, longitude: -2.2395 },
  BN11: { latitude: 50.8131, longitude: -0.3758 },
  CM1: { latitude: 51.7471, longitude: 0.4568 },
  CM2: { latitude: 51.7182, longitude: 0.4835 },
  DY8: { latitude: 52.4561, longitude: -2.1518 },
  B3: { latitude: 52.4833, longitude: -1.9009 },
  NG1: { latitude: 52.9536, longitude: -1.1467 },
  NG11: { latitude: 52.8911, longitude: -1.1707 },
  PE1: { latitude: 52.5846, longitude: -0.2337 },
  TF3: { latitude: 52.6716, longitude: -2.4353 },
  ST4: { latitude: 52.9978, longitude: -2.1835 },
  LS1: { latitude: 53.7974, longitude: -1.5473 },
  S1: { latitude: 53.3807, longitude: -1.4696 },
  S6: { latitude: 53.4053, longitude: -1.5268 },
  S70: { latitude: 53.5437, longitude: -1.4887 },
  WN1: { latitude: 53.5534, longitude: -2.6269 },
  CH1: { latitude: 53.1951, longitude: -2.9015 },
  DH1: { latitude: 54.7848, longitude: -1.5636 },
  M1: { latitude: 53.4798, longitude: -2.2368 },
}
