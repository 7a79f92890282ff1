// The product form: name, slug, category, price in pounds, stock (blank: not tracked),
// description, on sale, and an image (uploaded to Storage under products/; an inline
// png/gif/jpeg/bmp/icon or an https link stored before stays valid).
// The database checks the same rules (slug format and uniqueness, price, image type).
import { z } from 'zod'
import type { getProduct } from './get-product'
import { parsePounds, penceToPounds } from '@/lib/admin/money'

export const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/
import { slugify } from '@/lib/slug'
export { slugify }

const IMAGE_URL_RE =
  /^(products\/[A-Za-z0-9][A-Za-z0-9._-]*\.(png|gif|jpe?g|bmp|ico)|https:\/\/\S+|data:image\/(png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/]+={0,2})$/

export const productSchema = z.object({
  name: z.string().trim().min(1, 'Enter the product name.').max(120, 'At most 120 characters.'),
  slug: z.string().trim().min(1, 'Enter a slug for the link.').max(100, 'At most 100 characters.')
    .regex(SLUG_RE, 'Lower-case letters, digits and single hyphens, like starter-bundle.'),
  category_id: z.string().transform((v) => (v === '' ? null : Number(v))),
  price: z.string().transform((v, ctx) => {
    const pence = parsePounds(v)
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a price in pounds, like 29.99.' })
      return z.NEVER
    }
    if (pence > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'At most £10,000.' })
      return z.NEVER
    }
    return pence
  }),
  stock: z.string().trim().transform((v, ctx) => {
    if (v === '') return null
    if (!/^\d+$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'A whole number of 0 or more, or blank when stock is not tracked.',
      })
      return z.NEVER
    }
    return Number(v)
  }),
  description: z.string().trim().max(2000, 'At most 2000 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
  active: z.boolean(),
  image_url: z.string().nullable().refine(
    (v) => v === null || IMAGE_URL_RE.test(v),
    'Use a PNG, GIF, JPEG, BMP or icon image, or an https link.',
  ),
}).transform(({ price, ...rest }) => ({ ...rest, price_pence: price }))

export type ProductRow = z.output<typeof productSchema>

export interface ProductFormValues {
  name: string
  slug: string
  category_id: string
  price: string
  stock: string
  description: string
  active: boolean
  image_url: string | null
}

export const emptyProduct = (): ProductFormValues => ({
  name: '',
  slug: '',
  category_id: '',
  price: '',
  stock: '',
  description: '',
  active: true,
  image_url: null,
})

/** A product as the admin screens read it (PRODUCT_COLUMNS: the row and its category's name). */
export type Product = NonNullable<Awaited<ReturnType<typeof getProduct>>>

export const productToForm = (p: Product): ProductFormValues => ({
  name: p.name,
  slug: p.slug,
  category_id: p.category_id === null ? '' : String(p.category_id),
  price: penceToPounds(p.price_pence),
  stock: p.stock === null ? '' : String(p.stock),
  description: p.description ?? '',
  active: p.active,
  image_url: p.image_url,
})
