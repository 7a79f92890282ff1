import { describe, expect, it } from 'vitest'
import { emptyPlan, joiningFeeSchema, planSchema, planToForm } from './plan-schema'

describe('plan form', () => {
  it('saves prices in pence', () => {
    expect(
      planSchema.parse({
        ...emptyPlan(),
        name: 'Half plot',
        price: '19.99',
        plot_size: 'half',
        sort_order: '2',
      }),
    )
      .toEqual({
        name: 'Half plot',
        description: null,
        plot_size: 'half',
        price_pence: 1999,
        billing_interval: 'month',
        active: true,
        sort_order: 2,
      })
  })
  it.each([
    [{ name: '' }, 'name', 'Enter the plan name.'],
    [{ price: '19.999' }, 'price', 'Enter an amount in pounds, like 29.99.'],
    [{ price: '20000' }, 'price', 'At most £10,000.'],
    [{ plot_size: 'quarter' }, 'plot_size', 'Choose half or full.'],
    [{ billing_interval: 'week' }, 'billing_interval', 'Choose monthly or yearly.'],
    [{ sort_order: 'first' }, 'sort_order', 'A whole number, like 1.'],
  ])('refuses %o', (change, path, message) => {
    const r = planSchema.safeParse({ ...emptyPlan(), name: 'P', price: '1', ...change })
    expect(r.success).toBe(false)
    if (!r.success) expect(r.error.issues.find((i) => i.path[0] === path)?.message).toBe(message)
  })
  it('round-trips a plan', () => {
    const plan = {
      id: 1,
      name: 'Full',
      description: 'x',
      plot_size: 'full' as const,
      price_pence: 2999,
      billing_interval: 'year' as const,
      active: false,
      sort_order: 3,
      updated_at: '',
    }
    expect(planSchema.parse(planToForm(plan))).toMatchObject({
      price_pence: 2999,
      billing_interval: 'year',
      active: false,
      sort_order: 3,
    })
  })
})

describe('joining fee form', () => {
  it('checks the amount and the date', () => {
    expect(joiningFeeSchema.parse({ amount: '25', effective_from: '2026-01-01', active: true }))
      .toEqual({ amount_pence: 2500, effective_from: '2026-01-01', active: true })
    expect(
      joiningFeeSchema.safeParse({ amount: '1001', effective_from: '2026-01-01', active: true })
        .success,
    ).toBe(false)
    expect(joiningFeeSchema.safeParse({ amount: '25', effective_from: '', active: true }).success)
      .toBe(false)
  })
})
