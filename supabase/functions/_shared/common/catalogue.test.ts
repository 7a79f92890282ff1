// The site catalogue has one owner (catalogue.ts): the site facts hold there, the checked-in
// seed (supabase/catalogue.sql) is what scripts/catalogue-seed.ts generates from it, and the seeded
// database agrees with it.
import assert from 'node:assert/strict'
import { CATALOGUE_SQL, catalogueSql, seededOffer } from '../../../../scripts/catalogue-seed.ts'
import { sql, test } from '../testing.ts'
import {
  CATALOGUE_SITES,
  CTA_SETTINGS,
  FLAGSHIP_SITES,
  REGIONAL_SITES,
  WAITING_LIST_PLACE_NAMES,
} from './catalogue.ts'
import { isBookable, preregSignupHref } from './site-rules.ts'

test('the built-in sites: ids 1 to 9 and 11 with their plot counts and sizes; Daffodil Views upcoming, the rest open', () => {
  assert.deepEqual(FLAGSHIP_SITES.map((s) => s.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, 11])
  const bySlug = Object.fromEntries(FLAGSHIP_SITES.map((s) => [s.slug, s]))
  assert.deepEqual([bySlug['tuckers-meadow'].allotments, bySlug['tuckers-meadow'].site_size], [
    392,
    8,
  ])
  assert.deepEqual([
    bySlug['meadow-hill-fields'].allotments,
    bySlug['meadow-hill-fields'].site_size,
  ], [712, 33])
  assert.deepEqual([
    bySlug['daffodil-views'].allotments,
    bySlug['daffodil-views'].site_size,
    bySlug['daffodil-views'].status,
  ], [16, 16.2, 'upcoming'])
  assert.equal(FLAGSHIP_SITES.filter((s) => s.status === 'open').length, 9)
  assert.equal(bySlug['galleywood-meadow'].promo, 'PayDay Weekend Offer')
})

test('the second list (50 plots typical, one 120, sizes 9 to 14.5), CTA settings, waiting-list-only places', () => {
  assert.ok(REGIONAL_SITES.every((s) => s.allotments === 50 || s.allotments === 120))
  assert.equal(REGIONAL_SITES.filter((s) => s.allotments === 120).length, 1)
  const sizes = REGIONAL_SITES.map((s) => s.site_size)
  assert.deepEqual([Math.min(...sizes), Math.max(...sizes), sizes.includes(12.5)], [9, 14.5, true])
  assert.deepEqual(new Set(REGIONAL_SITES.map((s) => s.status)), new Set(['active', 'upcoming']))
  assert.deepEqual(CTA_SETTINGS.map((c) => [c.id, c.cta, c.link_route]), [[
    1,
    'Join Free Today',
    'landing-site-join',
  ], [2, 'Join Queue', 'sites-cityslug-slug-setup']])
  assert.ok(WAITING_LIST_PLACE_NAMES.includes('Isle of Wight'))
  assert.equal(new Set(CATALOGUE_SITES.map((s) => s.slug)).size, CATALOGUE_SITES.length)
  assert.equal(new Set(CATALOGUE_SITES.map((s) => s.id)).size, CATALOGUE_SITES.length)
})

test('supabase/catalogue.sql is what scripts/catalogue-seed.ts generates (run it after changing the catalogue)', async () => {
  assert.equal(
    await Deno.readTextFile(CATALOGUE_SQL),
    catalogueSql(),
    'out of date: npx deno run -A scripts/catalogue-seed.ts',
  )
})

test('the seeded database agrees with the catalogue: sites, CTA settings and offers', async () => {
  const rows = await sql()`
    select s.id, s.city, s.city_slug, s.location, s.slug, s.key, s.status, s.booked, s.allotments, s.site_size::float8 as site_size,
      s.joined, s.coordinates, s.gmap_link, s.promo, s.cta_setting_id, s.cta_link, s.form_link, o.slug as offer_slug,
      o.settings - 'description' as offer_settings
    from public.global_sites s left join public.offers o on o.id = s.offer_id
    where s.id = any(${CATALOGUE_SITES.map((s) => s.id)}::bigint[]) order by s.id`
  assert.deepEqual(
    rows.map((r) => r.id).map(Number),
    CATALOGUE_SITES.map((s) => s.id).sort((a, b) => a - b),
  )
  for (const site of CATALOGUE_SITES) {
    const r = rows.find((x) => Number(x.id) === site.id)!
    // (seeds/10_content.sql adds each offer's page text to its settings)
    const offer = site.status === 'upcoming' ? null : seededOffer(site)
    const link = isBookable(site) ? preregSignupHref(site.slug) : null
    assert.deepEqual(
      { ...r, id: Number(r.id) },
      {
        ...site,
        booked: isBookable(site),
        cta_link: link,
        form_link: link,
        offer_slug: offer?.slug ?? null,
        offer_settings: offer?.settings ?? null,
      },
      site.slug,
    )
  }
  const ctas =
    await sql()`select id, cta, promo, link_route from public.cta_settings where id = any(${
      CTA_SETTINGS.map((c) => c.id)
    }::int[]) order by id`
  assert.deepEqual(ctas.map((c) => ({ ...c })), CTA_SETTINGS.map((c) => ({ ...c })))
})
