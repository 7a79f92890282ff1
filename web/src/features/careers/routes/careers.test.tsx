import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import { ukDay } from '@/lib/dates'
import CareersRoute, { CareerRoute } from './careers'

beforeAll(configureApi)
afterEach(() => cleanup())

const description = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Run the site day to day.' }] }],
}
const role = (over: Record<string, unknown> = {}) => ({
  id: 7,
  slug: 'patch-manager-bristol',
  title: 'Patch Manager, Bristol',
  location: 'Bristol',
  employment_type: 'part_time',
  closes_on: '2999-01-31',
  description,
  ...over,
})
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const posts = (fetchMock: ReturnType<typeof stubRest>) =>
  callsTo(fetchMock, 'career_applications').filter(([, init]) => init?.method === 'POST')

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } })
}

describe('/careers', () => {
  it('lists the open roles with their facts, asking only for published roles that have not closed', async () => {
    const fetchMock = stubRest({ careers: () => json([role()]) })
    renderPage('/careers', '/careers', CareersRoute)
    await screen.findByRole('link', { name: 'Patch Manager, Bristol' })
    expect(screen.getByText(/Bristol · Part time · Closes/).textContent).toBe(
      'Bristol · Part time · Closes 31 January 2999',
    )
    const url = new URL(String(callsTo(fetchMock, 'careers')[0]![0]))
    expect(url.searchParams.get('published')).toBe('eq.true')
    expect(url.searchParams.get('or')).toBe(`(closes_on.is.null,closes_on.gte.${ukDay()})`)
    expect(document.title).toBe('Careers | Roots Allotments')
  })

  it('has an empty state', async () => {
    stubRest({ careers: () => json([]) })
    renderPage('/careers', '/careers', CareersRoute)
    await screen.findByText(/There are no open roles right now/)
  })
})

describe('/careers/{slug}', () => {
  it('shows errors beside each field, sends nothing and keeps what was typed', async () => {
    const fetchMock = stubRest({
      careers: () => json([role()]),
      career_applications: () => new Response(null, { status: 201 }),
    })
    renderPage('/careers/:slug', '/careers/patch-manager-bristol', CareerRoute)
    await screen.findByRole('heading', { level: 1, name: 'Patch Manager, Bristol' })
    expect(screen.getByText('Run the site day to day.')).toBeTruthy()
    fill({ 'Your name': 'Ada', 'E-mail address': 'ada@', 'Link to your CV': 'http://cv.example.com/ada.pdf' })
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }))
    await screen.findByText('Enter a valid e-mail address, like name@example.com.')
    expect(
      screen.getByText('Enter a link starting with https://, like https://drive.example.com/my-cv.pdf.'),
    ).toBeTruthy()
    expect(field('Link to your CV').getAttribute('aria-invalid')).toBe('true')
    expect(field('Your name').getAttribute('aria-invalid')).toBeNull()
    expect(field('Your name').value).toBe('Ada')
    expect(field('Link to your CV').value).toBe('http://cv.example.com/ada.pdf')
    expect(posts(fetchMock)).toHaveLength(0)
  })

  it('sends one application however often submit is pressed, then thanks the applicant', async () => {
    let release!: () => void
    const fetchMock = stubRest({
      careers: () => json([role()]),
      career_applications: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(null, { status: 201 }))
        }),
    })
    renderPage('/careers/:slug', '/careers/patch-manager-bristol', CareerRoute)
    await screen.findByRole('heading', { level: 1, name: 'Patch Manager, Bristol' })
    fill({
      'Your name': ' Ada Grower ',
      'E-mail address': 'ada@example.com',
      'Link to your CV': 'https://cv.example.com/ada.pdf',
    })
    const button = screen.getByRole('button', { name: 'Send application' })
    fireEvent.click(button)
    fireEvent.click(button)
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1))
    release()
    await screen.findByText('Application received')
    expect(posts(fetchMock)).toHaveLength(1)
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({
      career_id: 7,
      name: 'Ada Grower',
      email: 'ada@example.com',
      cv_url: 'https://cv.example.com/ada.pdf',
      message: null,
    })
  })

  it('treats an application the database already has as received (a retried request)', async () => {
    stubRest({
      careers: () => json([role()]),
      career_applications: () => json({ code: '23505', message: 'duplicate key value' }, 409),
    })
    renderPage('/careers/:slug', '/careers/patch-manager-bristol', CareerRoute)
    await screen.findByRole('heading', { level: 1, name: 'Patch Manager, Bristol' })
    fill({
      'Your name': 'Ada',
      'E-mail address': 'ada@example.com',
      'Link to your CV': 'https://cv.example.com/ada.pdf',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }))
    await screen.findByText('Application received')
  })

  it('puts a refusal by the database beside its field', async () => {
    stubRest({
      careers: () => json([role()]),
      career_applications: () =>
        json(
          {
            code: '23514',
            message:
              'new row for relation "career_applications" violates check constraint "career_applications_cv_url_https"',
          },
          400,
        ),
    })
    renderPage('/careers/:slug', '/careers/patch-manager-bristol', CareerRoute)
    await screen.findByRole('heading', { level: 1, name: 'Patch Manager, Bristol' })
    fill({
      'Your name': 'Ada',
      'E-mail address': 'ada@example.com',
      'Link to your CV': 'https://cv.example.com/ada.pdf',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }))
    await waitFor(() => expect(field('Link to your CV').getAttribute('aria-invalid')).toBe('true'))
    expect(field('E-mail address').value).toBe('ada@example.com')
    expect(screen.queryByText('Application received')).toBeNull()
  })

  it('says a closed role has closed, without a form', async () => {
    stubRest({ careers: () => json([role({ closes_on: '2000-01-01' })]) })
    renderPage('/careers/:slug', '/careers/patch-manager-bristol', CareerRoute)
    await screen.findByText(/Applications for this role have closed/)
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull()
  })

  it('is 404 for an unknown role', async () => {
    stubRest({ careers: () => json([]) })
    const page = renderPage('/careers/:slug', '/careers/astronaut', CareerRoute)
    await waitFor(() => expect((page.thrown() as { status?: number } | null)?.status).toBe(404))
    page.cleanupErrors()
  })
})
