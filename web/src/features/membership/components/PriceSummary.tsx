// What the first payment of a plan is made of (the payments function prices it: the plan's first
// period, the joining fee, the refundable deposit) and what follows it.
import type { PricedPlan } from '@common/membership-access'

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

export function PriceSummary({ plan }: { plan: PricedPlan }) {
  return (
    <div className='summary' data-testid='price-summary'>
      <table>
        <caption>What you pay today</caption>
        <tbody>
          {plan.lines.map((l) => (
            <tr key={l.name}>
              <th scope='row'>{l.name}</th>
              <td>{pounds(l.amount_pence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope='row'>Due today</th>
            <td data-testid='due-today'>{pounds(plan.due_today_pence)}</td>
          </tr>
        </tfoot>
      </table>
      <p>
        Then{' '}
        <strong data-testid='then-price'>
          {pounds(plan.price_pence)} a {plan.billing_interval}
        </strong>
        . The joining fee and the deposit are paid once; the deposit comes back to you when your membership ends and the
        plot is handed back clear.
      </p>
    </div>
  )
}
