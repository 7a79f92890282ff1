import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { layoutBars, SalesChart } from './SalesChart'

describe('sales chart', () => {
  it('scales the tallest bar to the full height and keeps zero bars flat', () => {
    const bars = layoutBars([0, 50, 100], 300, 200)
    expect(bars.map((b) => b.h)).toEqual([0, 100, 200])
    expect(bars.map((b) => b.y)).toEqual([200, 100, 0])
    expect(bars[1]!.x).toBeGreaterThan(bars[0]!.x)
  })

  it('is an image with a title and a summary of the figures', () => {
    render(
      <SalesChart
        title='Charged per day'
        rows={[
          {
            period: '2026-11-01',
            orders: 1,
            sales_pence: 2999,
            voucher_pence: 0,
            refunded_orders: 0,
            refunded_pence: 0,
          },
          {
            period: '2026-11-02',
            orders: 2,
            sales_pence: 5998,
            voucher_pence: 0,
            refunded_orders: 0,
            refunded_pence: 0,
          },
        ]}
      />,
    )
    const img = screen.getByRole('img', { name: /Charged per day/ })
    expect(img.querySelectorAll('rect')).toHaveLength(2)
    expect(
      screen.getByText('2 periods, £89.97 in all; highest £59.98 in the period starting 2026-11-02.', {
        selector: 'figcaption',
      }),
    ).toBeTruthy()
  })
})
