import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    from: () => ({
      select: () => ({
        order: () => Promise.resolve({ data: [{ id: 3, name: 'Tools', slug: 'tools' }], error: null }),
      }),
    }),
  }),
}))
vi.mock('@/config/env', () => ({ env: () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'k' }) }))
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const { ProductForm } = await import('./ProductForm')
const { emptyProduct } = await import('../api/product-schema')
type Values = ReturnType<typeof emptyProduct>
const { toast } = await import('@/lib/toast')

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

function renderForm(onSave = vi.fn((_v: Values) => Promise.resolve(null as string | null))) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductForm initial={emptyProduct()} submitLabel='Create product' onSave={onSave} onCancel={() => {}} />
    </QueryClientProvider>,
  )
  return onSave
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('ProductForm', () => {
  it('names each problem beside its field, toasts, and does not save', async () => {
    const onSave = renderForm()
    fireEvent.change(field('Price (£)'), { target: { value: '12.345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    expect(await screen.findByText('Enter the product name.')).toBeTruthy()
    expect(screen.getByText('Enter a price in pounds, like 29.99.')).toBeTruthy()
    expect(field('Price (£)').getAttribute('aria-invalid')).toBe('true')
    expect(toast.error).toHaveBeenCalledWith('The product was not saved: check the highlighted fields.')
    expect(onSave).not.toHaveBeenCalled()
  })

  it('fills the slug from the name and saves a valid product once, in pence', async () => {
    const onSave = renderForm()
    fireEvent.change(field('Name'), { target: { value: 'Rain Butt 200L' } })
    expect(field('Slug').value).toBe('rain-butt-200l')
    fireEvent.change(field('Price (£)'), { target: { value: '45' } })
    await screen.findByRole('option', { name: 'Tools' })
    fireEvent.change(field('Category'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]![0]).toMatchObject({ name: 'Rain Butt 200L', price: '45', category_id: '3' })
  })

  it('keeps what was typed and shows the reason when saving fails', async () => {
    renderForm(
      vi.fn((_v: Values) => Promise.resolve<string | null>('Another product already uses that slug: choose another.')),
    )
    fireEvent.change(field('Name'), { target: { value: 'Trowel' } })
    fireEvent.change(field('Price (£)'), { target: { value: '9.99' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }))
    expect(await screen.findByText(/Another product already uses that slug/)).toBeTruthy()
    expect(field('Name').value).toBe('Trowel')
    expect(field('Price (£)').value).toBe('9.99')
  })

  it('shows the stored image, refuses an svg beside the control, and removes the image', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProductForm
          initial={{ ...emptyProduct(), name: 'Trug', image_url: 'products/trug.png' }}
          submitLabel='Save'
          onSave={vi.fn(() => Promise.resolve(null))}
          onCancel={() => {}}
        />
      </QueryClientProvider>,
    )
    expect(screen.getByRole('img', { name: 'Image of Trug' }).getAttribute('src')).toMatch(
      /\/storage\/v1\/object\/public\/images\/products\/trug\.png$/,
    )
    fireEvent.change(screen.getByLabelText('Replace image'), {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    })
    expect(await screen.findByText('Choose a PNG, GIF, JPEG, BMP or ICO image.')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Image of Trug' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(screen.queryByRole('img')).toBeNull()
  })
})
