// A marketing expense: campaign, channel, amount in pounds, day spent and the site it was for
// (or every site). The database checks the same lengths and a non-negative amount.
import { z } from 'zod'

export const expenseSchema = z.object({
  campaign: z.string().trim().min(1, 'Name the campaign.').max(120, 'At most 120 characters.'),
  channel: z.string().trim().min(1, 'Name the channel, e.g. Social or Print.').max(
    60,
    'At most 60 characters.',
  ),
  description: z.string().trim().max(500, 'At most 500 characters.'),
  amount: z.string().trim().regex(
    /^\d{1,7}(\.\d{1,2})?$/,
    'Enter the amount in pounds, e.g. 120 or 99.50.',
  ),
  spent_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day it was spent.'),
  site_id: z.string(),
}).transform((v) => ({
  campaign: v.campaign,
  channel: v.channel,
  description: v.description === '' ? null : v.description,
  amount_pence: Math.round(Number(v.amount) * 100),
  spent_on: v.spent_on,
  site_id: v.site_id === '' ? null : Number(v.site_id),
}))

export type ExpenseFormValues = z.input<typeof expenseSchema>

const today = () => new Date().toISOString().slice(0, 10)
export const emptyExpense = (): ExpenseFormValues => ({
  campaign: '',
  channel: '',
  description: '',
  amount: '',
  spent_on: today(),
  site_id: '',
})

export const pounds = (pence: number | null | undefined) =>
  pence === null || pence === undefined
    ? '—'
    : (pence / 100).toLocaleString('en-GB', { style: 'currency', currency: 'GBP' })
