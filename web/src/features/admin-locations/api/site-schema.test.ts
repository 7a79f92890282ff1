import { describe, expect, it } from 'vitest'
import {
  emptySiteForm,
  parseCoordinates,
  type Site,
  siteFormSchema,
  type SiteFormValues,
  siteToForm,
} from './site-schema'

const valid = (): SiteFormValues => ({
  ...emptySiteForm(),
  city: 'Bath',
  city_slug: 'bath',
  location: 'Tuckers Meadow',
  slug: 'tuckers-meadow',
  status: 'open',
})

const errorsOf = (v: SiteFormValues, others: Array<{ id: number; slug: string }> = []) => {
  const r = siteFormSchema(others).safeParse(v)
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('siteFormSchema', () => {
  it('accepts the minimum and turns blanks into nulls', () => {
    const r = siteFormSchema().parse(valid())
    expect(r).toMatchObject({
      city: 'Bath',
      slug: 'tuckers-meadow',
      status: 'open',
      key: null,
      allotments: null,
      directions: null,
      distance_points: null,
      social_media: null,
    })
    expect(r).not.toHaveProperty('waiting_list_count')
    expect(r).not.toHaveProperty('path_params')
  })

  it('requires the names and checks slug format and uniqueness', () => {
    expect(errorsOf({ ...valid(), city: ' ', location: '' })).toMatchObject({
      city: 'Enter the city.',
      location: 'Enter the site name.',
    })
    for (const bad of ['Tuckers Meadow', 'tuckers--meadow', '-tm', 'tm-', 'tm_1']) {
      expect(errorsOf({ ...valid(), slug: bad }).slug).toMatch(/lower-case letters/)
    }
    expect(errorsOf({ ...valid(), city_slug: 'West London' }).city_slug).toMatch(
      /lower-case letters/,
    )
    expect(errorsOf(valid(), [{ id: 2, slug: 'tuckers-meadow' }]).slug).toBe(
      'Another site already uses this slug.',
    )
  })

  it('checks coordinates and normalises them', () => {
    expect(parseCoordinates('51.3925, -2.3211')).toEqual({ lat: 51.3925, lng: -2.3211 })
    expect(parseCoordinates('91,0')).toBeNull()
    expect(parseCoordinates('0,181')).toBeNull()
    expect(parseCoordinates('north')).toBeNull()
    expect(siteFormSchema().parse({ ...valid(), coordinates: ' 51.3925 , -2.3211 ' }).coordinates)
      .toBe('51.3925,-2.3211')
    expect(errorsOf({ ...valid(), coordinates: '95,-2' }).coordinates).toMatch(/latitude,longitude/)
  })

  it('checks status, numbers, year and links', () => {
    expect(errorsOf({ ...valid(), status: 'closed' }).status).toBe(
      'Choose upcoming, active or open.',
    )
    expect(siteFormSchema().parse({ ...valid(), status: '' }).status).toBeNull()
    expect(errorsOf({ ...valid(), allotments: '12.5' }).allotments).toMatch(/whole number/)
    expect(errorsOf({ ...valid(), allotments: '-1' }).allotments).toMatch(/from 0/)
    expect(errorsOf({ ...valid(), site_size: '8.125' }).site_size).toMatch(/2 decimal places/)
    expect(siteFormSchema().parse({ ...valid(), site_size: '16.2', allotments: '392' }))
      .toMatchObject({ site_size: 16.2, allotments: 392 })
    expect(errorsOf({ ...valid(), joined: '21' }).joined).toMatch(/four-digit year/)
    expect(errorsOf({ ...valid(), gmap_link: 'http://maps.example.com' }).gmap_link).toBe(
      'The link must start with https://',
    )
    expect(errorsOf({ ...valid(), stripe_deposit_link: 'javascript:alert(1)' }).stripe_deposit_link)
      .toBeDefined()
    expect(errorsOf({ ...valid(), form_link: 'javascript:alert(1)' }).form_link).toMatch(
      /web address/,
    )
    expect(
      siteFormSchema().parse({
        ...valid(),
        form_link: '/prereg/tm/signup',
        cta_link: 'https://example.com/join',
      }),
    ).toMatchObject({ form_link: '/prereg/tm/signup' })
    expect(errorsOf({ ...valid(), pm_email: 'not-an-email' }).pm_email).toMatch(/email address/)
  })

  it('builds directions, distance points and social media in the stored shapes', () => {
    const v = valid()
    v.directions.bike = { minutes: '12', text: 'Along the canal' }
    v.directions.car = { minutes: '10', text: '' }
    v.distance_points = [{ icon: 'car', text: '10 min from the centre' }]
    v.pm_email = 'bath@example.com'
    const r = siteFormSchema().parse(v)
    expect(r.directions).toEqual({
      bike: { minutes: 12, text: 'Along the canal' },
      car: { minutes: 10 },
    })
    expect(r.distance_points).toEqual([{ icon: 'car', text: '10 min from the centre' }])
    expect(r.social_media).toEqual({
      phone_number: null,
      pm_phone_number: null,
      pm_email: 'bath@example.com',
    })
    v.directions.public_transport = { minutes: '', text: 'Bus 4' }
    v.distance_points = [{ icon: 'rocket', text: '' }]
    expect(errorsOf(v)).toMatchObject({
      'directions.public_transport.minutes': 'Give the minutes too, or clear the text.',
      'distance_points.0.icon': 'Choose an icon.',
      'distance_points.0.text': 'Enter the travel time line, or remove it.',
    })
  })

  it('round-trips a stored site through the form', () => {
    const site = {
      id: 1,
      city: 'Bath',
      city_slug: 'bath',
      location: 'Tuckers Meadow',
      slug: 'tuckers-meadow',
      key: 'tm',
      status: 'open',
      booked: true,
      allotments: 392,
      site_size: '8.00',
      joined: '2021',
      ac_id: '11',
      coordinates: '51.3925,-2.3211',
      gmap_embed: null,
      gmap_link: 'https://maps.google.com/?q=1',
      stripe_deposit_link: null,
      form_link: null,
      promo: null,
      cta: null,
      cta_link: null,
      cta_setting_id: 1,
      offer_id: 2,
      launchmode: null,
      description_title: 'Grow',
      description: 'Sunny',
      landing_page_description: null,
      nearby_attractions: null,
      food_drinks: null,
      directions: { bike: { minutes: 12, text: 'Towpath' } },
      distance_points: [{ icon: 'bike', text: '12 min' }],
      pm_name: 'Sam',
      pm_message: 'Hi',
      pm_photo_1: null,
      pm_photo_2: null,
      social_media: { phone_number: '01225 000 001', pm_email: 'bath@example.com' },
      waiting_list_count: 22,
    } satisfies Site
    const form = siteToForm(site)
    expect(form).toMatchObject({
      cta_setting_id: '1',
      offer_id: '2',
      site_size: '8.00',
      phone_number: '01225 000 001',
      booked: true,
    })
    const out = siteFormSchema().parse(form)
    expect(out).toMatchObject({
      key: 'tm',
      status: 'open',
      booked: true,
      allotments: 392,
      site_size: 8,
      cta_setting_id: 1,
      offer_id: 2,
      directions: { bike: { minutes: 12, text: 'Towpath' } },
      distance_points: [{ icon: 'bike', text: '12 min' }],
      social_media: {
        phone_number: '01225 000 001',
        pm_phone_number: null,
        pm_email: 'bath@example.com',
      },
    })
  })
})
