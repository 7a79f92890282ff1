// /deposit-checkout: what the deposit is, how much, what it secures and where it is paid. It is
// part of the membership's first payment (with the joining fee and the first month), so a person
// pays it at the set-up of a site where they may take a plot: a site with free plots and nobody
// waiting (chosen here), or the site of their accepted offer (its e-mailed link). ?site=<slug>
// says what applies at that site.
import { type FormEvent, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { SelectField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { isActive, preregSignupHref } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import { type MembershipSite, useMembershipSites } from '../api/get-membership-sites'
import { pounds } from '../components/PriceSummary'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.75rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    max-width: 40rem;
    margin-bottom: 1rem;
  }
  .card > h2:first-child {
    margin-top: 0;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.5rem 1rem;
    margin: 0;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
  @media (max-width: 30rem) {
    dl {
      grid-template-columns: 1fr;
      gap: 0.2rem;
    }
    dd {
      margin-bottom: 0.5rem;
    }
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin: 0.75rem 0;
  }
`

const setupHref = (s: Site) => paths.siteSetup.getHref({ cityslug: s.city_slug, slug: s.slug })
const joinHref = (s: Site) => (isActive(s) ? paths.landingSiteJoin.getHref({ site: s.slug }) : preregSignupHref(s.slug))

/** What applies at the site the visitor came from. */
function AtSite({ site, row }: { site: Site; row: MembershipSite }) {
  if (row.reason === 'open') {
    return (
      <div className='actions'>
        <Link href={setupHref(site)} className={buttonPrimary}>
          Set up your membership at {site.location}
        </Link>
      </div>
    )
  }
  if (row.reason === 'not_open') {
    return (
      <>
        <p>{site.location} is not open yet.</p>
        <div className='actions'>
          <Link href={preregSignupHref(site.slug)} className={buttonSecondary}>
            Pre-register for {site.location}
          </Link>
        </div>
      </>
    )
  }
  return (
    <>
      <p>
        {row.waiting > 0
          ? `${row.waiting} ${row.waiting === 1 ? 'person is' : 'people are'} waiting`
          : 'No plot is free'}{' '}
        at {site.location}, so its plots go to the waiting list in queue order. When a plot is offered to you, the link
        in the offer e-mail takes you to the set-up, where you pay the deposit.
      </p>
      <div className='actions'>
        <Link href={joinHref(site)} className={buttonSecondary}>
          Join the waiting list for {site.location}
        </Link>
      </div>
    </>
  )
}

export function DepositCheckoutRoute() {
  usePageMeta('Pay a deposit')
  const { sites } = useLocations()
  const q = useMembershipSites()
  const [, navigate] = useLocation()
  const search = useSearch()
  const preselect = new URLSearchParams(search).get('site') ?? ''
  const [error, setError] = useState<string | undefined>()
  const rows = q.data?.sites ?? []
  const chosen = sites.find((s) => s.slug === preselect) ?? null
  const chosenRow = rows.find((r) => r.slug === preselect) ?? null
  const open = rows
    .filter((r) => r.reason === 'open')
    .map((r) => sites.find((s) => s.slug === r.slug))
    .filter((s): s is Site => s !== undefined)

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const site = open.find((s) => s.slug === String(new FormData(e.currentTarget).get('site') ?? ''))
    if (!site) {
      setError('Choose your site.')
      return
    }
    navigate(setupHref(site))
  }

  return (
    <div className={page}>
      <h1>Pay a deposit</h1>
      <section className='card' aria-labelledby='deposit-terms'>
        <h2 id='deposit-terms'>What you pay and what it secures</h2>
        <dl>
          <dt>Amount</dt>
          <dd data-testid='deposit-amount'>
            {q.data
              ? `${pounds(q.data.deposit_pence)}, paid once.`
              : q.isError
                ? 'The set-up shows it before you pay.'
                : 'Loading…'}
          </dd>
          <dt>What it secures</dt>
          <dd>
            A plot at {chosen ? chosen.location : 'your site'}. You pay it when you set up your membership, with
            {q.data && q.data.joining_fee_pence > 0
              ? ` the joining fee (${pounds(q.data.joining_fee_pence)}) and`
              : ''}{' '}
            your plan's first month: from then the plot is yours and nobody else can take it.
          </dd>
          <dt>Refund</dt>
          <dd>We return it when your membership ends and the plot is handed back clear.</dd>
          <dt>What it does not do</dt>
          <dd>
            It is not paid on its own, and it does not move you up a waiting list: where people are waiting, plots go to
            them in queue order.
          </dd>
        </dl>
      </section>

      <section className='card' aria-labelledby='where-title'>
        <h2 id='where-title'>Where you pay it</h2>
        {chosen && chosenRow && <AtSite site={chosen} row={chosenRow} />}
        <p>
          <strong>Offered a plot?</strong> The link in your offer e-mail takes you to your site's set-up, where you pay
          it.
        </p>
        {open.length > 0 && (
          <form onSubmit={onSubmit} noValidate aria-label='Choose a site with plots free'>
            <p>These sites have plots free and nobody waiting, so you can set up your membership there today:</p>
            <SelectField
              label='Your site'
              name='site'
              defaultValue={open.some((s) => s.slug === preselect) ? preselect : ''}
              error={error}
            >
              <option value=''>Choose a site</option>
              {open.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.location}, {s.city}
                </option>
              ))}
            </SelectField>
            <button type='submit' className={buttonPrimary}>
              Continue to set-up
            </button>
          </form>
        )}
        {q.data && open.length === 0 && (
          <p>No site has a plot free to take directly just now: plots go to the people on each site's waiting list.</p>
        )}
        <p>
          <Link href={paths.becomeMember.getHref()}>See every site and how to become a member</Link>.
        </p>
      </section>
    </div>
  )
}
