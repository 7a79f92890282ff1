// /become-member and /schemes: the membership plans, what joining costs, and where a person can
// become a member now: sites with free plots and nobody waiting lead to the set-up; sites with a
// waiting list to that list, saying honestly that plots there go to the people waiting (an offer
// e-mail's link then leads to the set-up); sites not open yet to pre-registration.
// /subscription-agreement: the terms members sign up to.
import { css } from 'goober'
import { Link } from 'wouter'
import { INSPECTION_SCALE } from '@common/inspection-scale'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { formatCount } from '@/lib/intl'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { isActive, preregSignupHref } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import { usePlans } from '../api/get-plans'
import { useBillingTerms } from '../api/get-billing-terms'
import { useInspectionTerms } from '../api/get-inspection-terms'
import { type MembershipSite, useMembershipSites } from '../api/get-membership-sites'
import { pounds } from '../components/PriceSummary'

export { pounds }

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .plans {
    list-style: none;
    padding: 0;
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
  }
  .plans li {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1.1rem;
    border-top: 4px solid var(--roots-primary);
  }
  .plans h2,
  .plans h3 {
    margin: 0 0 0.25rem;
    font-size: 1.25rem;
  }
  .price {
    font-size: 1.6rem;
    font-weight: 800;
    margin: 0.25rem 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin: 1.25rem 0;
  }
  .costs {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.5rem);
    max-width: 46rem;
  }
  .costs ul {
    margin: 0.5rem 0 0;
    padding-left: 1.25rem;
  }
  .costs li {
    margin: 0.25rem 0;
  }
  .sites {
    list-style: none;
    padding: 0;
    margin: 0.75rem 0 1.5rem;
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 19rem), 1fr));
  }
  .sites li {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 0.9rem 1rem;
    display: grid;
    gap: 0.4rem;
    border: 1px solid #d6dbd6;
  }
  .sites .name {
    font-weight: 700;
    font-size: 1.05rem;
  }
  .sites .meta {
    margin: 0;
    color: var(--roots-muted);
    font-size: 0.95rem;
  }
  .sites a {
    justify-self: start;
  }
  .free {
    border-left: 4px solid var(--roots-primary) !important;
  }
  section.terms {
    max-width: 46rem;
  }
`

function Plans({ level = 3 }: { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const q = usePlans()
  if (q.isPending) return <p role='status'>Loading plans…</p>
  if (q.isError) return <p role='alert'>We could not load the plans just now. Please try again shortly.</p>
  return (
    <ul className='plans'>
      {q.data.plans.map((p) => (
        <li key={p.id}>
          <Heading>{p.name}</Heading>
          <p className='price'>
            {pounds(p.price_pence)} <small>a {p.billing_interval}</small>
          </p>
          <p>
            {p.plot_size === 'half' ? 'Half plot' : 'Full plot'}
            {p.description ? `: ${p.description}` : ''}
          </p>
        </li>
      ))}
    </ul>
  )
}

const joinHref = (site: Site) =>
  isActive(site) ? paths.landingSiteJoin.getHref({ site: site.slug }) : preregSignupHref(site.slug)
const setupHref = (site: Site) => paths.siteSetup.getHref({ cityslug: site.city_slug, slug: site.slug })

/** Where a person can become a member now, grouped by what they can do there. */
function ChooseSite() {
  const { sites } = useLocations()
  const q = useMembershipSites()
  if (q.isPending) return <p role='status'>Checking which sites have plots free…</p>
  if (q.isError) {
    return (
      <p role='alert'>
        We could not check the sites just now. <Link href={paths.sites.getHref()}>See every site</Link> or try again
        shortly.
      </p>
    )
  }
  const bySlug = new Map(sites.map((s) => [s.slug, s]))
  const rows = q.data.sites
    .map((r) => ({ row: r, site: bySlug.get(r.slug) }))
    .filter((x): x is { row: MembershipSite; site: Site } => !!x.site)
  const free = rows.filter((x) => x.row.reason === 'open')
  const queued = rows.filter((x) => x.row.reason === 'waiting_list' || x.row.reason === 'full')
  const soon = rows.filter((x) => x.row.reason === 'not_open')
  return (
    <>
      <h3 id='free-title'>Plots free now: set up today</h3>
      {free.length === 0 ? (
        <p>
          No site has a plot free to take directly just now: every open site has people waiting, and its plots go to
          them.
        </p>
      ) : (
        <ul className='sites' aria-labelledby='free-title' data-testid='sites-free'>
          {free.map(({ row, site }) => (
            <li key={site.slug} className='free'>
              <span className='name'>
                {site.location}, {site.city}
              </span>
              <p className='meta'>
                {row.plots_free === 1 ? 'One plot free' : `${formatCount(row.plots_free ?? 0)} plots free`} · nobody
                waiting
              </p>
              <Link href={setupHref(site)} className={buttonPrimary} aria-label={`Become a member at ${site.location}`}>
                Become a member
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 id='queue-title'>Sites with a waiting list</h3>
      <p>
        Plots at these sites go to the people waiting, in the order they joined. Join a list: when a plot is yours we
        e-mail you an offer, and its link takes you straight to setting up your membership.
      </p>
      {queued.length > 0 && (
        <ul className='sites' aria-labelledby='queue-title' data-testid='sites-queued'>
          {queued.map(({ row, site }) => (
            <li key={site.slug}>
              <span className='name'>
                {site.location}, {site.city}
              </span>
              <p className='meta'>
                {row.reason === 'full' && row.waiting === 0
                  ? 'Full: be first in line'
                  : `${formatCount(row.waiting)} ${row.waiting === 1 ? 'person' : 'people'} waiting`}
              </p>
              <Link
                href={joinHref(site)}
                className={buttonSecondary}
                aria-label={`Join the waiting list for ${site.location}`}
              >
                Join the waiting list
              </Link>
            </li>
          ))}
        </ul>
      )}
      {soon.length > 0 && (
        <p>
          {soon.length === 1 ? 'One more site is' : `${formatCount(soon.length)} more sites are`} coming soon:{' '}
          <Link href={paths.preRegister.getHref()}>pre-register</Link> to hear first when{' '}
          {soon.length === 1 ? 'it opens' : 'they open'}.
        </p>
      )}
    </>
  )
}

/** What joining costs, whatever the plan. */
function Costs() {
  const q = useMembershipSites()
  const fee = q.data?.joining_fee_pence
  const deposit = q.data?.deposit_pence
  return (
    <section className='costs' aria-labelledby='costs-title'>
      <h2 id='costs-title'>What you pay</h2>
      <p>When you set up your membership you pay, once:</p>
      <ul>
        <li>your plan's first month (or year),</li>
        {fee !== undefined && fee > 0 && (
          <li>
            the joining fee, <strong>{pounds(fee)}</strong>, for your starter tools and induction,
          </li>
        )}
        <li>
          a deposit
          {deposit !== undefined ? (
            <>
              , <strong>{pounds(deposit)}</strong>
            </>
          ) : (
            ''
          )}
          , which secures your plot and comes back to you when your membership ends after its first 12 months and the
          plot is handed back clear.
        </li>
      </ul>
      <p>Then your plan's price each month (or year). You see every amount before you pay.</p>
    </section>
  )
}

export default function BecomeMemberRoute() {
  usePageMeta('Become a member')
  return (
    <div className={page}>
      <h1>Become a member</h1>
      <p>Membership gives you your own plot with tools, water, seeds and a patch manager on hand.</p>
      <h2>Plans</h2>
      <Plans />
      <Costs />
      <section aria-labelledby='choose-title'>
        <h2 id='choose-title'>Choose your site</h2>
        <ChooseSite />
      </section>
      <div className='actions'>
        <Link href={paths.guidedTour.getHref()} className={buttonSecondary}>
          Book a guided tour first
        </Link>
      </div>
      <p>
        By joining you agree to the <Link href={paths.subscriptionAgreement.getHref()}>subscription agreement</Link>.
      </p>
    </div>
  )
}

export function SchemesRoute() {
  usePageMeta('Schemes')
  return (
    <div className={page}>
      <h1>Membership schemes</h1>
      <p>
        Half and full plots, paid monthly or yearly. Every scheme includes water, shared tools, seasonal seeds and help
        on site.
      </p>
      <Plans level={2} />
      <p>
        <Link href={paths.becomeMember.getHref()} className={buttonPrimary}>
          Become a member
        </Link>
      </p>
    </div>
  )
}

/** How rent is collected and what happens when a payment fails (the grace period is a setting). */
function PaymentTerms() {
  const terms = useBillingTerms().data
  const grace = terms ? `${terms.grace_days} days` : 'the grace period'
  const reminders = terms?.reminder_days.length
    ? ` and remind you ${terms.reminder_days.map((d) => `${d}`).join(' and ')} days after it`
    : ''
  return (
    <>
      <h2>How you pay</h2>
      <p>
        You pay by card or by Direct Debit. Direct Debits are collected under the Direct Debit Guarantee: we (through
        our payment provider, Stripe) tell you the amount and date at least 3 working days before any change, and your
        bank refunds you at once if a payment is taken in error. Every payment has a receipt on your members page.
      </p>
      <h2 id='missed-payments'>If a payment fails</h2>
      <p>
        We e-mail you the day a payment fails{reminders}, each time with a link to update your payment method; we try
        the payment again meanwhile. If nothing is paid within <strong data-testid='grace-days'>{grace}</strong> of the
        first failed payment, your membership is suspended: your plot stays yours for one billing month of notice, and
        paying what is owed in that month makes your membership active again. If it is still unpaid when the notice
        ends, your membership ends and your plot is offered to the next person on the site's waiting list.
      </p>
    </>
  )
}

/** Plot inspections: the score in words, the pass mark, the warning and the notice to quit (the
 *  numbers are the database's settings: inspection_terms). */
function InspectionTermsSection() {
  const terms = useInspectionTerms().data
  const pass = terms ? String(terms.pass_mark) : 'the pass mark'
  const days = terms ? `${terms.warning_days} days` : 'the time the warning gives'
  const notice = terms
    ? terms.notice_months === 1
      ? 'one month'
      : `${terms.notice_months} months`
    : 'the notice period'
  const own = terms?.site_pass_marks ?? []
  return (
    <>
      <h2 id='inspections'>Plot inspections</h2>
      <p>
        Your patch manager inspects the plots on your site through the growing season and scores how well each is
        cultivated, from 0 to 5, with a note and photos. You see every inspection of your plot on your{' '}
        <Link href={paths.members.getHref()}>members page</Link> and can reply to it there. The scores mean:
      </p>
      <ul data-testid='inspection-scale'>
        {INSPECTION_SCALE.map((s) => (
          <li key={s.score}>
            <strong>
              {s.score}, {s.label}:
            </strong>{' '}
            {s.description}
          </li>
        ))}
      </ul>
      <p>
        A plot passes with a score of <strong data-testid='pass-mark'>{pass}</strong> or more
        {own.length > 0
          ? ` (${own.map((s) => `${s.location}: ${s.pass_mark}`).join('; ')}, where the site sets its own)`
          : ''}
        .
      </p>
      <ol>
        <li>
          <strong>Written warning.</strong> If your plot scores below the pass mark, we e-mail you a warning saying what
          to do and a deadline <strong data-testid='warning-days'>{days}</strong> after the inspection.
        </li>
        <li>
          <strong>Warning closed.</strong> If an inspection passes after that, the warning is closed and we tell you so.
        </li>
        <li>
          <strong>Notice to quit.</strong> If your plot still scores below the pass mark at an inspection after the
          deadline, we give you notice to quit by e-mail: your membership is under notice and ends{' '}
          <strong>{notice}</strong> after that inspection (sooner only if you had already cancelled), as a cancellation
          does. You pay nothing after it ends; the plot is offered to the next person on the site's waiting list. A
          notice to quit cannot be withdrawn from your members page: talk to your patch manager.
        </li>
      </ol>
      <p>
        A failed inspection before the deadline does not add to the warning. If something makes it hard to keep up,
        reply to the inspection or tell your patch manager: we would much rather help than end a membership.
      </p>
    </>
  )
}

export function SubscriptionAgreementRoute() {
  usePageMeta('Subscription agreement')
  return (
    <div className={page}>
      <section className='terms' aria-labelledby='terms-title'>
        <h1 id='terms-title'>Subscription agreement</h1>
        <h2>Your plot</h2>
        <p>
          Your membership gives you the use of one plot of the size of your plan at your chosen site, with shared tools,
          water and seasonal seeds.
        </p>
        <h2>Payments</h2>
        <p>
          Your plan is paid monthly or yearly in advance, on the day of the month (or year) you joined. The joining fee
          is paid once. A deposit is paid once when you join. It is non-refundable in the first 12 months: it is
          returned when your membership ends 12 months or more after it started and the plot is handed back clear.
          Prices include VAT.
        </p>
        <PaymentTerms />
        <h2>Pausing</h2>
        <p>
          On a monthly plan you can pause billing from your <Link href={paths.members.getHref()}>members page</Link> for
          1, 2 or 3 months, starting at your next billing date; your plot stays yours meanwhile. Up to 2 pauses and 3
          paused months in any 12 months. You can resume early at any time; a pause withdrawn before it starts does not
          count.
        </p>
        <h2>Cancelling</h2>
        <p>
          You can cancel at any time from your <Link href={paths.membersCancellation.getHref()}>members page</Link>,
          which shows your dates before you confirm. Notice is one full billing month: the month that starts at your
          next billing date is your last payment, and your membership ends on its last day. A yearly plan ends at the
          close of the year you have paid for. Cancel while billing is paused by resuming first. You can change your
          mind until your membership ends. We confirm every change by e-mail.
        </p>
        <h2>Getting in, and a co-worker</h2>
        <p>
          While your membership is current, your members page shows your site&rsquo;s gate code and key arrangements:
          keep them to yourself. While a membership is suspended for unpaid rent they are not shown; paying what is owed
          shows them again at once.
        </p>
        <p>
          You may name one co-worker to help on your plot, invited by e-mail from your members page. They see the plot,
          its inspections and the gate code, but cannot pay, pause or cancel your membership: the membership and the
          care of the plot stay yours. You can remove them at any time.
        </p>
        <h2>Looking after the site</h2>
        <p>
          Keep your plot tended, respect your neighbours' plots, and follow your patch manager's guidance on shared
          spaces.
        </p>
        <InspectionTermsSection />
      </section>
    </div>
  )
}
