// /become-member and /schemes: the membership plans, the joining fee and how joining works;
// /subscription-agreement: the terms members sign up to.
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { usePlans } from '../api/get-plans'

const page = css`
  h1 { color: var(--roots-primary); margin: 0 0 0.5rem; }
  .plans { list-style: none; padding: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr)); }
  .plans li { background: var(--roots-surface); border-radius: 0.75rem; padding: 1.1rem; border-top: 4px solid var(--roots-primary); }
  .plans h2 { margin: 0 0 0.25rem; font-size: 1.25rem; }
  .price { font-size: 1.6rem; font-weight: 800; margin: 0.25rem 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.25rem 0; }
  section.terms { max-width: 46rem; }
`

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

function Plans() {
  const q = usePlans()
  if (q.isPending) return <p role='status'>Loading plans…</p>
  if (q.isError) return <p role='alert'>We could not load the plans just now. Please try again shortly.</p>
  return (
    <>
      <ul className='plans'>
        {q.data.plans.map((p) => (
          <li key={p.id}>
            <h2>{p.name}</h2>
            <p className='price'>{pounds(p.price_pence)} <small>a {p.billing_interval}</small></p>
            <p>{p.plot_size === 'half' ? 'Half plot' : 'Full plot'}{p.description ? `: ${p.description}` : ''}</p>
          </li>
        ))}
      </ul>
      {q.data.joiningFeePence !== null && <p>A one-off joining fee of <strong>{pounds(q.data.joiningFeePence)}</strong> covers your starter tools and induction.</p>}
    </>
  )
}

export default function BecomeMemberRoute() {
  usePageMeta('Become a member')
  return (
    <div className={page}>
      <h1>Become a member</h1>
      <p>Membership gives you your own plot with tools, water, seeds and a patch manager on hand. Pick a plan, then your site.</p>
      <Plans />
      <div className='actions'>
        <Link href={paths.sites.getHref()} className={buttonPrimary}>Choose your site</Link>
        <Link href={paths.guidedTour.getHref()} className={buttonSecondary}>Book a guided tour first</Link>
      </div>
      <p>By joining you agree to the <Link href={paths.subscriptionAgreement.getHref()}>subscription agreement</Link>.</p>
    </div>
  )
}

export function SchemesRoute() {
  usePageMeta('Schemes')
  return (
    <div className={page}>
      <h1>Membership schemes</h1>
      <p>Half and full plots, paid monthly or yearly. Every scheme includes water, shared tools, seasonal seeds and help on site.</p>
      <Plans />
      <p><Link href={paths.becomeMember.getHref()} className={buttonPrimary}>Become a member</Link></p>
    </div>
  )
}

export function SubscriptionAgreementRoute() {
  usePageMeta('Subscription agreement')
  return (
    <div className={page}>
      <section className='terms' aria-labelledby='terms-title'>
        <h1 id='terms-title'>Subscription agreement</h1>
        <h2>Your plot</h2>
        <p>Your membership gives you the use of one plot of the size of your plan at your chosen site, with shared tools, water and seasonal seeds.</p>
        <h2>Payments</h2>
        <p>Your plan is paid monthly or yearly in advance. The joining fee is paid once. Prices include VAT.</p>
        <h2>Cancelling</h2>
        <p>You can ask to cancel at any time from your <Link href={paths.membersCancellation.getHref()}>members page</Link>. We confirm by e-mail and your membership ends at the close of the period you have paid for.</p>
        <h2>Looking after the site</h2>
        <p>Keep your plot tended, respect your neighbours' plots, and follow your patch manager's guidance on shared spaces.</p>
      </section>
    </div>
  )
}
