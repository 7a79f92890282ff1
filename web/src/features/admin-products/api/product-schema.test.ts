import { describe, expect, it } from 'vitest'
import { emptyProduct, productSchema, productToForm, slugify } from './product-schema'

const valid = {
  ...emptyProduct(),
  name: 'Rain butt',
  slug: 'rain-butt',
  price: '24.50',
  stock: '12',
  category_id: '3',
}

describe('product form schema', () => {
  it('turns the form into a row in pence', () => {
    expect(productSchema.parse(valid)).toEqual({
      name: 'Rain butt',
      slug: 'rain-butt',
      category_id: 3,
      price_pence: 2450,
      stock: 12,
      description: null,
      active: true,
      image_url: null,
    })
    expect(productSchema.parse({ ...valid, stock: '', category_id: '' })).toMatchObject({
      stock: null,
      category_id: null,
    })
  })

  it.each([
    [{ name: '  ' }, 'name', 'Enter the product name.'],
    [
      { slug: 'Rain Butt' },
      'slug',
      'Lower-case letters, digits and single hyphens, like starter-bundle.',
    ],
    [{ price: 'free' }, 'price', 'Enter a price in pounds, like 29.99.'],
    [{ price: '24.505' }, 'price', 'Enter a price in pounds, like 29.99.'],
    [{ price: '10000.01' }, 'price', 'At most £10,000.'],
    [{ stock: '-1' }, 'stock', 'A whole number of 0 or more, or blank when stock is not tracked.'],
    [{ stock: '1.5' }, 'stock', 'A whole number of 0 or more, or blank when stock is not tracked.'],
    [
      { image_url: 'data:image/svg+xml;base64,PHN2Zz4=' },
      'image_url',
      'Use a PNG, GIF, JPEG, BMP or icon image, or an https link.',
    ],
    [
      { image_url: 'http://example.com/a.png' },
      'image_url',
      'Use a PNG, GIF, JPEG, BMP or icon image, or an https link.',
    ],
  ])('refuses %o', (change, path, message) => {
    const r = productSchema.safeParse({ ...valid, ...change })
    expect(r.success).toBe(false)
    if (!r.success) expect(r.error.issues.find((i) => i.path[0] === path)?.message).toBe(message)
  })

  it('accepts an inline png and an https link', () => {
    expect(
      productSchema.safeParse({ ...valid, image_url: 'data:image/png;base64,iVBORw0KGgo=' })
        .success,
    ).toBe(true)
    expect(productSchema.safeParse({ ...valid, image_url: 'products/0b6c.jpg' }).success).toBe(true)
    expect(productSchema.safeParse({ ...valid, image_url: 'products/notes.txt' }).success).toBe(
      false,
    )
    expect(productSchema.safeParse({ ...valid, image_url: 'https://example.com/a.png' }).success)
      .toBe(true)
  })

  it('slugifies names and round-trips a product', () => {
    expect(slugify('Heritage Tomato Seeds!')).toBe('heritage-tomato-seeds')
    const p = {
      id: 1,
      name: 'A',
      slug: 'a',
      category_id: null,
      price_pence: 105,
      stock: null,
      description: null,
      active: false,
      image_url: null,
      updated_at: '',
      category: null,
    }
    expect(productSchema.parse(productToForm(p))).toMatchObject({
      price_pence: 105,
      stock: null,
      active: false,
    })
  })
})
