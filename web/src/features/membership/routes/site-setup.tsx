// /sites/{cityslug}/{slug}/setup (and /setup/old, checkout layout): set up a membership at a site.
// Who may, is the database's queue rule (payments/membership): where people are waiting, only an
// applicant with an accepted offer (its token, from the offer link, opens this page for them);
// where nobody waits and plots are free, anyone. Everyone else is told why and where to go
// instead (the waiting list, pre-registration, their membership). Who may: choose a plan and see
// what the first payment is made of, create an account (or sign in) right here, give their
// details, and pay on the payment provider's page, which returns to /members.
import { useEffect, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation, useParams, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { TextField } from '@/components/form/Field'
import { buttonLink, buttonPrimary, buttonSecondary } from '@/components/styles'
import { HttpError } from '@/lib/errors/http-error'
import { formValues } from '@/lib/forms'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { isActive, preregSignupHref } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import { useIdempotencyKey, useZodSubmit } from '@/lib/use-zod-submit'
import type { MembershipAccess, PricedPlan } from '@common/membership-access'
import { useMembershipAccess } from '../api/get-membership-access'
import { membershipCheckoutSchema, useStartMembershipCheckout } from '../api/start-membership-checkout'
import { signOut, useSession } from '../api/use-session'
import { AccountStep } from '../components/AccountStep'
import { MembershipVoucher, useMembershipVoucher } from '../components/MembershipVoucher'
import { pounds, PriceSummary } from '../components/PriceSummary'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
    overflow-wrap: anywhere;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.5rem);
    margin-bottom: 1rem;
    max-width: 44rem;
    overflow-wrap: anywhere;
  }
  .card > h2:first-child {
    margin-top: 0;
  }
  .offer {
    border: 3px solid var(--roots-primary);
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 1rem;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.5rem;
  }
  .plan {
    display: flex;
    gap: 0.6rem;
    align-items: flex-start;
    border: 2px solid #cfd6cf;
    border-radius: 0.6rem;
    padding: 0.6rem 0.8rem;
    margin-bottom: 0.5rem;
    cursor: pointer;
  }
  .plan:has(input:checked) {
    border-color: var(--roots-primary);
    background: #e8f0ea;
  }
  .plan input {
    width: 1.2rem;
    height: 1.2rem;
    margin-top: 0.2rem;
    flex: none;
    accent-color: var(--roots-primary);
  }
  .plan small {
    display: block;
    color: var(--roots-muted);
  }
  .summary table {
    border-collapse: collapse;
    width: 100%;
    margin: 0.5rem 0;
  }
  .summary caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 0.35rem;
  }
  .summary th,
  .summary td {
    text-align: left;
    padding: 0.4rem 0;
    border-bottom: 1px solid #dfe5df;
    font-weight: 400;
    vertical-align: top;
  }
  .summary td {
    text-align: right;
    white-space: nowrap;
    padding-left: 0.75rem;
  }
  .summary tfoot th,
  .summary tfoot td {
    font-weight: 800;
    border-bottom: 0;
  }
  .pair {
    display: grid;
    gap: 0 1rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .sent {
    border-left: 4px solid var(--roots-primary);
    padding: 0.5rem 0.75rem;
    background: #e8f0ea;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .muted {
    color: var(--roots-muted);
  }
  .voucher {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75rem;
    align-items: flex-end;
  }
  .voucher > div {
    flex: 1 1 14rem;
  }
  .voucher button {
    margin-bottom: 1rem;
  }
  h2:focus {
    outline: none;
  }
`

/** The offer token of this site's set-up: from the link (then out of the address bar), else
 *  remembered for this tab (a payment left half-way returns here without it). */
function useOfferToken(slug: string): string | null {
  const search = useSearch()
  const [path, navigate] = useLocation()
  const key = `roots.setup-offer.${slug}`
  const inLink = new URLSearchParams(search).get('offer')?.trim().toLowerCase() ?? ''
  const [token, setToken] = useState<string | null>(() => {
    if (/^[0-9a-f]{32}$/.test(inLink)) return inLink
    try {
      return globalThis.sessionStorage?.getItem(key) ?? null
    } catch {
      return null
    }
  })
  useEffect(() => {
    if (!/^[0-9a-f]{32}$/.test(inLink)) return
    setToken(inLink)
    try {
      globalThis.sessionStorage?.setItem(key, inLink)
    } catch {
      /* the token still works while the page is open */
    }
    // Only the token leaves: the rest of the query (the chosen plan) and the fragment (the session
    // a confirmation link brings, which the Supabase client reads from it) stay.
    const rest = new URLSearchParams(search)
    rest.delete('offer')
    const query = rest.toString()
    navigate(`${path}${query ? `?${query}` : ''}${globalThis.location.hash}`, { replace: true })
  }, [inLink, key, navigate, path, search])
  return token
}

/** Why this person cannot set up here, and where to go instead. */
function NotAllowed({ info, site, offer }: { info: MembershipAccess; site: Site; offer: string | null }) {
  const { reason, message, waiting } = info.access
  const joinHref = isActive(site) ? paths.landingSiteJoin.getHref({ site: site.slug }) : preregSignupHref(site.slug)
  const title = {
    waiting_list: 'Plots here go to the waiting list',
    full: 'No plot is free here just now',
    not_open: 'This site is not open yet',
    already_member: 'You are a member here already',
    offer_unanswered: 'Accept your offer first',
    offer_used: 'Your membership is set up',
    offer_taken: 'This offer belongs to another account',
    offer_closed: 'This offer is no longer open',
    open: '',
    offer: '',
  }[reason]
  return (
    <section className='card' aria-labelledby='why-title' data-testid='setup-refused'>
      <h2 id='why-title'>{title}</h2>
      <p>{message}</p>
      {(reason === 'waiting_list' || reason === 'offer_closed') && waiting > 0 && (
        <p>
          <strong>
            {waiting} {waiting === 1 ? 'person is' : 'people are'} waiting
          </strong>{' '}
          for a plot at {site.location}.
        </p>
      )}
      <div className='actions'>
        {(reason === 'waiting_list' || reason === 'full' || reason === 'offer_closed') && (
          <Link href={joinHref} className={buttonPrimary}>
            Join the waiting list for {site.location}
          </Link>
        )}
        {reason === 'not_open' && (
          <Link href={preregSignupHref(site.slug)} className={buttonPrimary}>
            Pre-register for {site.location}
          </Link>
        )}
        {(reason === 'already_member' || reason === 'offer_used') && (
          <Link href={paths.members.getHref()} className={buttonPrimary}>
            Go to your membership
          </Link>
        )}
        {reason === 'offer_unanswered' && offer && (
          <Link href={`${paths.queueReady.getHref()}?offer=${offer}&answer=accept`} className={buttonPrimary}>
            See your offer
          </Link>
        )}
        {reason === 'offer_taken' && (
          <button type='button' className={buttonSecondary} onClick={() => void signOut()}>
            Sign out
          </button>
        )}
        <Link href={paths.becomeMember.getHref()} className={buttonSecondary}>
          Where can I become a member?
        </Link>
      </div>
      {reason === 'waiting_list' && (
        <p className='muted'>
          Already offered a plot here? Open the link in your offer e-mail: it brings you back to this page, ready to set
          up.
        </p>
      )}
    </section>
  )
}

function PlanChoice({
  plans,
  chosen,
  onChoose,
  error,
}: {
  plans: PricedPlan[]
  chosen: number | null
  onChoose: (id: number) => void
  error?: string
}) {
  return (
    <fieldset aria-describedby={error ? 'plan-error' : undefined}>
      <legend>Plan</legend>
      {plans.map((p) => (
        <label key={p.id} className='plan'>
          <input type='radio' name='plan_id' value={p.id} checked={chosen === p.id} onChange={() => onChoose(p.id)} />
          <span>
            <strong>{p.name}</strong>: {pounds(p.price_pence)} a {p.billing_interval}
            {p.description && <small>{p.description}</small>}
          </span>
        </label>
      ))}
      {error && (
        <p className='error' id='plan-error'>
          {error}
        </p>
      )}
    </fieldset>
  )
}

function Setup({ info, site, offer }: { info: MembershipAccess; site: Site; offer: string | null }) {
  const { session } = useSession()
  const [path] = useLocation()
  // The plan chosen before the account was made comes back with the confirmation link (`plan`),
  // on this device or another.
  const linkedPlan = Number(new URLSearchParams(useSearch()).get('plan'))
  const [planId, setPlanId] = useState<number | null>(info.plans.some((p) => p.id === linkedPlan) ? linkedPlan : null)
  const plan = info.plans.find((p) => p.id === planId) ?? null
  const start = useStartMembershipCheckout(site.slug, offer)
  const key = useIdempotencyKey('mem')
  const voucher = useMembershipVoucher(planId, plan?.due_today_pence ?? null)
  const { ref, errors, onSubmit, pending } = useZodSubmit(membershipCheckoutSchema, {
    read: (form) => ({ ...formValues(form), plan_id: planId ?? '', voucher_code: voucher.code }),
    send: async (input) =>
      globalThis.location.assign((await key.withKey((k) => start.mutateAsync({ input, key: k }))).url),
  })
  const due = plan ? plan.due_today_pence - voucher.discount : null
  const meta = session?.user.user_metadata as { first_name?: unknown; last_name?: unknown } | undefined
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
  const back = new URLSearchParams({
    ...(offer ? { offer } : {}),
    ...(planId ? { plan: String(planId) } : {}),
  }).toString()
  const returnTo = `${globalThis.location.origin}${path}${back ? `?${back}` : ''}`

  return (
    <>
      <section className='card' aria-labelledby='plan-title'>
        <h2 id='plan-title'>1. Choose your plan</h2>
        <PlanChoice plans={info.plans} chosen={planId} onChoose={setPlanId} error={errors.plan_id} />
        {plan ? (
          <PriceSummary plan={plan} />
        ) : (
          <p className='muted'>
            Choose a plan to see what you pay today: your plan's first month or year, with the refundable deposit (
            {pounds(info.deposit_pence)})
            {info.joining_fee_pence > 0 ? ` and the one-off joining fee (${pounds(info.joining_fee_pence)})` : ''}.
          </p>
        )}
      </section>

      <section className='card' aria-labelledby='account-title'>
        <h2 id='account-title'>2. Your account</h2>
        {session ? (
          <p>
            Signed in as <strong>{session.user.email}</strong>.{' '}
            <button type='button' className={buttonLink} onClick={() => void signOut()}>
              Not you? Sign out
            </button>
          </p>
        ) : (
          <AccountStep prefill={{ email: info.offer?.email, first_name: info.offer?.first_name }} returnTo={returnTo} />
        )}
      </section>

      <section className='card' aria-labelledby='pay-title'>
        <h2 id='pay-title'>3. Your details and payment</h2>
        {!session ? (
          <p className='muted'>Create your account or sign in above first.</p>
        ) : (
          <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Your details and payment'>
            <div className='pair'>
              <TextField
                label='First name'
                name='first_name'
                autoComplete='given-name'
                error={errors.first_name}
                defaultValue={text(meta?.first_name) ?? info.offer?.first_name}
              />
              <TextField
                label='Last name'
                name='last_name'
                autoComplete='family-name'
                error={errors.last_name}
                defaultValue={text(meta?.last_name)}
              />
            </div>
            <TextField
              label='Phone (optional)'
              name='phone'
              type='tel'
              autoComplete='tel'
              error={errors.phone}
              hint='Your patch manager may call about your welcome slot.'
            />
            <MembershipVoucher v={voucher} serverError={errors.voucher_code} />
            {errors._form && (
              <p className='error' role='alert'>
                {errors._form}
              </p>
            )}
            {due === 0 ? (
              <p>Your gift voucher covers today's payment: no card is needed, and your membership starts at once.</p>
            ) : (
              <p>You pay on our payment provider's secure page, then come back to your membership page.</p>
            )}
            <button type='submit' className={buttonPrimary} disabled={pending}>
              {pending
                ? 'Opening the payment page…'
                : due === null
                  ? 'Continue to payment'
                  : due === 0
                    ? 'Join with my gift voucher'
                    : `Pay ${pounds(due)} and join`}
            </button>
          </form>
        )}
      </section>
      <p>
        By joining you agree to the <Link href={paths.subscriptionAgreement.getHref()}>subscription agreement</Link>.
      </p>
    </>
  )
}

export default function SiteSetupRoute() {
  const params = useParams<{ cityslug: string; slug: string }>()
  const [path] = useLocation()
  const slug = slugParam(params.slug, path)
  slugParam(params.cityslug, path)
  const { sites, settled } = useLocations()
  const site = sites.find((s) => s.slug === slug) ?? null
  const title = site ? `Join ${site.location}` : 'Join'
  usePageMeta(title)
  const offer = useOfferToken(slug)
  const { session, ready } = useSession()
  const info = useMembershipAccess(slug, offer, session?.user.id ?? null, ready && site !== null)

  if (!site) {
    if (!settled) return <p role='status'>Loading…</p>
    throw new HttpError(404, 'Page not found')
  }
  const data = info.data
  return (
    <div className={page}>
      <h1>Join {site.location}</h1>
      {data?.access.reason === 'offer' && (
        <p className='card offer' data-testid='offer-banner'>
          <strong>Your offer: the plot at {site.location} is yours.</strong> Set up your membership below to take it.
        </p>
      )}
      {data?.access.reason === 'open' && (
        <p data-testid='open-banner'>
          {data.access.plots_free === 1 ? 'One plot is free' : `${data.access.plots_free} plots are free`} at{' '}
          {site.location} and nobody is waiting: you can become a member today.
        </p>
      )}
      {(!ready || info.isPending) && <p role='status'>Checking what is free at {site.location}…</p>}
      {info.isError && (
        <div className='card' role='alert'>
          <p>We could not check {site.location} just now. Please try again.</p>
          <button type='button' className={buttonSecondary} onClick={() => info.refetch()}>
            Try again
          </button>
        </div>
      )}
      {data && !data.access.allowed && <NotAllowed info={data} site={site} offer={offer} />}
      {data && data.access.allowed && <Setup info={data} site={site} offer={offer} />}
    </div>
  )
}
