// Membership plans (name, plot size, price in pounds per month or year, on offer, order) and the
// joining fee (amount, from when it applies, charged or not). The database checks the same.
import { z } from 'zod'
import type { Row } from '@/lib/db-types'
import { parsePounds, penceToPounds } from '@/lib/admin/money'

const pounds = (max: number, maxText: string) =>
  z.string().transform((v, ctx) => {
    const pence = parsePounds(v)
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in pounds, like 29.99.' })
      return z.NEVER
    }
    if (pence > max) {
      ctx.addIssue({ code: 'custom', message: `At most ${maxText}.` })
      return z.NEVER
    }
    return pence
  })

export const planSchema = z.object({
  name: z.string().trim().min(1, 'Enter the plan name.').max(80, 'At most 80 characters.'),
  description: z.string().trim().max(1000, 'At most 1000 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
  plot_size: z.enum(['half', 'full'], { errorMap: () => ({ message: 'Choose half or full.' }) }),
  price: pounds(1_000_000, '£10,000'),
  billing_interval: z.enum(['month', 'year'], {
    errorMap: () => ({ message: 'Choose monthly or yearly.' }),
  }),
  active: z.boolean(),
  sort_order: z.string().trim().regex(/^-?\d{1,4}$/, 'A whole number, like 1.').transform(Number),
}).transform(({ price, ...rest }) => ({ ...rest, price_pence: price }))

export type Plan = Pick<
  Row<'plans'>,
  | 'id'
  | 'name'
  | 'description'
  | 'plot_size'
  | 'price_pence'
  | 'billing_interval'
  | 'active'
  | 'sort_order'
  | 'updated_at'
>
export interface PlanFormValues {
  name: string
  description: string
  plot_size: string
  price: string
  billing_interval: string
  active: boolean
  sort_order: string
}

export const emptyPlan = (): PlanFormValues => ({
  name: '',
  description: '',
  plot_size: 'full',
  price: '',
  billing_interval: 'month',
  active: true,
  sort_order: '0',
})
export const planToForm = (p: Plan): PlanFormValues => ({
  name: p.name,
  description: p.description ?? '',
  plot_size: p.plot_size,
  price: penceToPounds(p.price_pence),
  billing_interval: p.billing_interval,
  active: p.active,
  sort_order: String(p.sort_order),
})

export const joiningFeeSchema = z.object({
  amount: pounds(100_000, '£1,000'),
  effective_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the date from which it applies.'),
  active: z.boolean(),
}).transform(({ amount, ...rest }) => ({ ...rest, amount_pence: amount }))
export interface JoiningFeeFormValues {
  amount: string
  effective_from: string
  active: boolean
}
export type JoiningFee = Pick<
  Row<'joining_fees'>,
  'id' | 'amount_pence' | 'effective_from' | 'active' | 'updated_at'
>
