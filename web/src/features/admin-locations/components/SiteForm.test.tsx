import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/supabase', () => {
  const rows: Record<string, unknown[]> = {
    cta_settings: [{ id: 1, cta: 'Join Free Today', promo: null }],
    offers: [{ id: 2, slug: 'tm', title: 'Join Tuckers Meadow' }],
  }
  return {
    supabase: () => ({
      from: (t: string) => ({ select: () => ({ order: () => Promise.resolve({ data: rows[t], error: null }) }) }),
    }),
  }
})
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const { SiteForm } = await import('./SiteForm')
const { emptySiteForm } = await import('../api/site-schema')
const { toast } = await import('@/lib/toast')

afterEach(cleanup)

function renderForm(onSave = vi.fn()) {
  const initial = {
    ...emptySiteForm(),
    city: 'Bath',
    city_slug: 'bath',
    location: 'Tuckers Meadow',
    slug: 'tuckers-meadow',
    status: 'open',
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SiteForm
        initial={initial}
        others={[{ id: 2, slug: 'avon-views' }]}
        submitLabel='Save changes'
        onSave={onSave}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  )
  return onSave
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('SiteForm', () => {
  it('shows errors beside the fields, toasts, and does not save', async () => {
    const onSave = renderForm()
    fireEvent.change(field('Slug'), { target: { value: 'avon-views' } })
    fireEvent.change(field('Coordinates'), { target: { value: '100,0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Another site already uses this slug.')).toBeTruthy()
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true')
    const describedBy = field('Coordinates').getAttribute('aria-describedby')!
    expect(
      describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    ).toMatch(/latitude,longitude/)
    expect(screen.getByRole('alert').textContent).toContain('Check the 2 highlighted fields')
    expect(toast.error).toHaveBeenCalled()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('a failed save (null result) is shown as an error and keeps everything typed', async () => {
    const onSave = renderForm(
      vi.fn().mockResolvedValue({ ok: false, message: 'You do not have permission to do this.' }),
    )
    fireEvent.change(field('Description title'), { target: { value: 'My new title' } })
    fireEvent.change(field('Plots'), { target: { value: '400' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      description_title: 'My new title',
      allotments: 400,
      slug: 'tuckers-meadow',
    })
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to do this.')
    expect(field('Description title').value).toBe('My new title')
    expect(field('Plots').value).toBe('400')
  })

  it('a slug taken in the database marks the slug field', async () => {
    renderForm(vi.fn().mockResolvedValue({ ok: false, message: 'Another site already uses this slug.', field: 'slug' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(field('Slug').getAttribute('aria-invalid')).toBe('true'))
  })

  it('offers the CTA settings and offers as choices, and previews as you type', async () => {
    renderForm()
    expect(await screen.findByRole('option', { name: 'Join Free Today' })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Join Tuckers Meadow' })).toBeTruthy()
    fireEvent.change(field('Description title'), { target: { value: 'Preview me' } })
    expect(screen.getByRole('region', { name: 'Preview of the site page' }).textContent).toContain('Preview me')
  })
})
