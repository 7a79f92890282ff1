import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import { CONSENT_TEXT } from '../api/sign-up-for-reminders'
import SeedSowingRoute, { SeedSowingTimelineRoute } from './seed-sowing'

beforeAll(configureApi)
afterEach(() => cleanup())

const GUIDES = [
  {
    slug: 'garlic',
    crop: 'Garlic',
    sow_indoors_months: [],
    sow_outdoors_months: [10, 11],
    harvest_months: [6, 7],
    notes: null,
  },
  {
    slug: 'lettuce',
    crop: 'Lettuce',
    sow_indoors_months: [2, 3],
    sow_outdoors_months: [3, 4, 5],
    harvest_months: [5, 6],
    notes: 'Sow little and often.',
  },
  {
    slug: 'tomatoes',
    crop: 'Tomatoes',
    sow_indoors_months: [2, 3, 4],
    sow_outdoors_months: [],
    harvest_months: [7, 8, 9],
    notes: null,
  },
]
const TIMELINE = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  month: i + 1,
  title: `Month ${i + 1} title`,
  body: `Month ${i + 1} body`,
}))
const posts = (f: ReturnType<typeof stubRest>) =>
  callsTo(f, 'sowing_reminder_signups').filter(([, init]) => init?.method === 'POST')

function stub(signup: () => Response = () => new Response(null, { status: 201 })) {
  return stubRest({
    seed_sowing_guides: () => json(GUIDES),
    seed_sowing_timeline: () => json(TIMELINE),
    sowing_reminder_signups: signup,
  })
}

describe('/seed-sowing', () => {
  it('shows what to sow indoors, outdoors and harvest in the chosen month, and every crop', async () => {
    stub()
    renderPage('/seed-sowing', '/seed-sowing?month=3', SeedSowingRoute)
    await screen.findByRole('heading', { level: 3, name: 'Sow indoors' })
    expect(screen.getByRole('heading', { level: 2, name: 'In March' })).toBeTruthy()
    const list = (name: string) =>
      within(screen.getByRole('region', { name }))
        .queryAllByRole('listitem')
        .map((li) => li.textContent)
    expect(list('Sow indoors')).toEqual(['Lettuce', 'Tomatoes'])
    expect(list('Sow outdoors')).toEqual(['Lettuce'])
    expect(
      within(screen.getByRole('region', { name: 'Harvest' })).getByText('Nothing to harvest this month.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'March' }).getAttribute('aria-current')).toBe('page')
    const garlic = within(screen.getByRole('list', { name: 'Every crop and its months' })).getByRole('heading', {
      name: 'Garlic',
    }).parentElement!
    expect(garlic.textContent).toContain('Sow outdoorsOctober to November')
    expect(document.title).toBe('Seed-sowing guide | Roots Allotments')
  })

  it('needs consent and a valid e-mail before sending, keeping what was typed', async () => {
    const f = stub()
    renderPage('/seed-sowing', '/seed-sowing', SeedSowingRoute)
    const email = screen.getByLabelText('E-mail address') as HTMLInputElement
    fireEvent.change(email, { target: { value: 'grower@example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign me up' }))
    await screen.findByText('Tick the box to agree to the monthly e-mails.')
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy()
    expect(email.value).toBe('grower@example')
    expect(posts(f)).toHaveLength(0)
  })

  it('records the sign-up with the consent wording and goes to the thank-you page', async () => {
    const f = stub()
    const page = renderPage('/seed-sowing', '/seed-sowing', SeedSowingRoute)
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'grower@example.com' } })
    fireEvent.click(screen.getByLabelText(CONSENT_TEXT))
    fireEvent.click(screen.getByRole('button', { name: 'Sign me up' }))
    await waitFor(() => expect(page.loc.history.at(-1)).toBe('/seed-sowing/thank-you'))
    expect(posts(f)).toHaveLength(1)
    expect(JSON.parse(String(posts(f)[0]![1]!.body))).toEqual({
      email: 'grower@example.com',
      name: null,
      consent: true,
      consent_text: CONSENT_TEXT,
    })
  })

  it('ends on the thank-you page for an address already signed up (one row per e-mail)', async () => {
    stub(() =>
      json(
        {
          code: '23505',
          message: 'duplicate key value violates unique constraint "sowing_reminder_signups_one_per_email"',
        },
        409,
      ),
    )
    const page = renderPage('/seed-sowing', '/seed-sowing', SeedSowingRoute)
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'grower@example.com' } })
    fireEvent.click(screen.getByLabelText(CONSENT_TEXT))
    fireEvent.click(screen.getByRole('button', { name: 'Sign me up' }))
    await waitFor(() => expect(page.loc.history.at(-1)).toBe('/seed-sowing/thank-you'))
  })

  it('has an empty state when no crops are published', async () => {
    stubRest({ seed_sowing_guides: () => json([]) })
    renderPage('/seed-sowing', '/seed-sowing', SeedSowingRoute)
    await screen.findByText(/The sowing guide is being written/)
  })
})

describe('/seed-sowing/timeline', () => {
  it('shows all twelve months in order with their crops', async () => {
    stub()
    renderPage('/seed-sowing/timeline', '/seed-sowing/timeline', SeedSowingTimelineRoute)
    await screen.findByText('Month 1 title')
    const months = within(screen.getByRole('list', { name: 'Months of the year' }))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.replace('This month', ''))
    expect(months).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ])
    const october = screen.getByText('Month 10 title').closest('li')!
    expect(october.textContent).toContain('Sow outdoorsGarlic')
    expect(october.textContent).toContain('Sow indoorsNothing this month')
    expect(document.title).toBe('Sowing timeline | Roots Allotments')
  })
})
