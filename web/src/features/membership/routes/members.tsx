// /members: a member's own page (membership, site, payments), signed in; back from paying for a
// membership (?session_id=…) it confirms the payment, welcomes the new member and offers the next
// step, a welcome slot at their site. Each live membership shows where billing stands and the
// member's choices (pause, resume, cancel, keep: components/SelfService.tsx, rules in the
// database), and the rent of a membership billed by a subscription (components/Billing.tsx: status,
// next payment, payment method, payments and receipts; an alert at the top when rent is overdue).
// How to get into the site and the member's co-worker, or the plots they help on as a co-worker:
// components/PlotAccess.tsx. Each inspection of their plot, with a reply form:
// components/PlotInspections.tsx.
// /members/cancellation: the cancel terms and form in the page.
import { useState } from 'react'
import { css } from 'goober'
import { Link, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { actionRow, buttonLink, buttonPrimary, buttonSecondary } from '@/components/styles'
import { type StackedColumn, StackedTable } from '@/components/StackedTable'
import { Modal } from '@/components/Modal'
import { toast } from '@/lib/toast'
import { usePageMeta } from '@/lib/page-meta'
import { joinedWith, type MyAccount, type MyMembership, type MyOrder, useMyAccount } from '../api/get-my-membership'
import { type Billing as BillingData, useBilling } from '../api/get-billing'
import { useMembershipTerms } from '../api/membership-self-service'
import { signOut, signOutOtherDevices, useSession } from '../api/use-session'
import { CancelForm, MembershipOptions } from '../components/SelfService'
import { ArrearsAlert, Billing } from '../components/Billing'
import { SignInForm } from '../components/SignInForm'
import { YourPlot } from '../components/YourPlot'
import { pounds } from '../components/PriceSummary'
import { PlotAccess } from '../components/PlotAccess'
import { PlotInspections } from '../components/PlotInspections'
import { longDate, numericDate } from '@/lib/dates'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.75rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.5rem);
    margin-bottom: 1rem;
    max-width: 48rem;
    overflow-wrap: anywhere;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid #e0e5e0;
  }
  .scroll {
    overflow-x: auto;
    position: relative;
  }
  .scroll table {
    overflow-wrap: normal;
  }
  .scroll th {
    white-space: nowrap;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.4rem 1rem;
    margin: 0 0 1rem;
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
      gap: 0.1rem;
    }
    dd {
      margin-bottom: 0.5rem;
    }
  }
  .welcome {
    border: 3px solid var(--roots-primary);
  }
  .welcome h2 {
    margin-top: 0;
  }
  .next {
    margin: 0.25rem 0 0;
  }
`

/** The member's payments (orders), newest first as the account query reads them. */
const PAYMENT_COLUMNS: StackedColumn<MyOrder>[] = [
  { label: 'Date', cell: (o) => numericDate(o.created_at) },
  { label: 'For', cell: (o) => o.kind.replace('_', ' ') },
  { label: 'Amount', cell: (o) => pounds(o.total_pence) },
  { label: 'Status', cell: (o) => o.status },
]

const welcomeSlotHref = (m: MyMembership) =>
  `${paths.welcomeSlot.getHref()}${m.site ? `?site=${encodeURIComponent(m.site.slug)}` : ''}`

const STATUS: Record<string, string> = {
  pending: 'Pending',
  active: 'Active',
  cancellation_requested: 'Cancelled: under notice',
  cancelled: 'Cancelled',
  ended: 'Ended',
  past_due: 'Payment overdue',
  suspended: 'Suspended',
}

/** Each membership billed by a subscription, with its subscription and invoices. */
function billed(memberships: readonly MyMembership[], billing: BillingData | undefined) {
  return memberships.flatMap((m) => {
    const subscription = billing?.subscriptions.find((s) => s.membership_id === m.id)
    return subscription
      ? [{ m, subscription, invoices: billing!.invoices.filter((i) => i.membership_id === m.id) }]
      : []
  })
}

function useSignedInAccount(untilPaid: string | null = null) {
  const { session, ready } = useSession()
  const account = useMyAccount(session?.user.id ?? null, untilPaid)
  return { session, ready, account }
}

/** Back from the payment page: confirming, then the welcome and the next step. */
function JustJoined({
  account,
  billing,
  sessionId,
  email,
}: {
  account: MyAccount
  billing: BillingData | undefined
  sessionId: string
  email: string | undefined
}) {
  const joined = joinedWith(account, sessionId)
  const debit = billing?.subscriptions.find((s) => s.membership_id === joined?.membership?.id)?.payment_method
  if (joined && !joined.settled && joined.order.status === 'pending' && debit?.type === 'bacs_debit') {
    // A Direct Debit's first collection takes days (the page keeps reading, and welcomes them when it is paid).
    return (
      <div className='card' role='status' data-testid='debit-pending'>
        <p>
          Your Direct Debit is set up. We will collect your first payment of{' '}
          <strong>{pounds(joined.order.total_pence)}</strong> from account ending {debit.last4} within 3 working days;
          your membership starts when it is paid, and we will e-mail you then.
        </p>
      </div>
    )
  }
  if (!joined || !joined.settled) {
    return (
      <div className='card' role='status'>
        <p>Confirming your payment…</p>
      </div>
    )
  }
  const { order, membership } = joined
  if (order.status !== 'paid' || !membership || membership.status !== 'active') {
    return (
      <div className='card' role='alert'>
        <p>
          This payment was not completed ({order.status}), so nothing was charged and your membership has not started.
        </p>
        {membership?.site && (
          <p>
            <Link href={paths.siteSetup.getHref({ cityslug: membership.site.city_slug, slug: membership.site.slug })}>
              Try again
            </Link>
          </p>
        )}
      </div>
    )
  }
  return (
    <section className='card welcome' aria-labelledby='welcome-title' data-testid='welcome'>
      <h2 id='welcome-title'>Welcome to Roots!</h2>
      <p role='status'>
        Your payment of <strong>{pounds(order.total_pence)}</strong> is received and your membership at{' '}
        <strong>{membership.site?.location ?? 'your site'}</strong> is active. We have e-mailed your confirmation
        {email ? ` to ${email}` : ''}.
      </p>
      <h3>Next: book your welcome slot</h3>
      <p>Meet your patch manager, see your plot and find the tools and water.</p>
      <p className='next'>
        <Link href={welcomeSlotHref(membership)} className={buttonPrimary}>
          Book your welcome slot
        </Link>
      </p>
    </section>
  )
}

function SignInGate({ title }: { title: string }) {
  return (
    <div className={page}>
      <h1>{title}</h1>
      <p>Sign in with the e-mail address you joined with.</p>
      <div className='card'>
        <SignInForm />
      </div>
    </div>
  )
}

export default function MembersRoute() {
  usePageMeta('Your membership')
  const search = useSearch()
  const sessionId = new URLSearchParams(search).get('session_id')
  const { session, ready, account } = useSignedInAccount(sessionId)
  const billing = useBilling(session?.user.id ?? null, account.data?.memberships ?? [])
  if (!ready) return <p role='status'>Loading…</p>
  if (!session) return <SignInGate title='Members' />
  const data = account.data
  const rent = billed(data?.memberships ?? [], billing.data)
  return (
    <div className={page}>
      <h1>{data?.member ? `Hello, ${data.member.first_name}` : 'Your membership'}</h1>
      {account.isPending && <p role='status'>Loading your membership…</p>}
      {account.isError && <p role='alert'>We could not load your membership just now.</p>}
      {rent.map((r) => (
        <ArrearsAlert key={r.m.id} membership={r.m} subscription={r.subscription} invoices={r.invoices} />
      ))}
      {data && (
        <>
          {sessionId && (
            <JustJoined account={data} billing={billing.data} sessionId={sessionId} email={session.user.email} />
          )}
          <section className='card' aria-labelledby='ms-title'>
            <h2 id='ms-title'>Membership</h2>
            {data.memberships.length === 0 && (
              <p>
                You have no membership yet. <Link href={paths.becomeMember.getHref()}>Become a member</Link>.
              </p>
            )}
            {data.memberships.map((m) => (
              <dl key={m.id} data-testid='membership'>
                <dt>Site</dt>
                <dd>{m.site ? `${m.site.location}, ${m.site.city}` : '—'}</dd>
                <dt>Plan</dt>
                <dd>{m.plan ? `${m.plan.name} (${pounds(m.plan.price_pence)} a ${m.plan.billing_interval})` : '—'}</dd>
                <dt>Plot</dt>
                <dd>
                  {m.plot_number ?? 'To be allocated'} · {m.plot_size} plot
                </dd>
                <dt>Since</dt>
                <dd>{longDate(m.start_date)}</dd>
                <dt>Status</dt>
                <dd>{STATUS[m.status] ?? m.status}</dd>
                {m.status === 'active' && m.site && (
                  <>
                    <dt>Welcome slot</dt>
                    <dd>
                      <Link href={welcomeSlotHref(m)}>Book a welcome slot at {m.site.location}</Link>
                    </dd>
                  </>
                )}
              </dl>
            ))}
            {data.memberships
              .filter((m) => m.status === 'active' || m.status === 'cancellation_requested')
              .map((m) => (
                <MembershipOptions
                  key={m.id}
                  membershipId={m.id}
                  where={plotOf(m)}
                  billed={rent.some((r) => r.m.id === m.id)}
                />
              ))}
          </section>
          <PlotAccess userId={session.user.id} />
          <PlotInspections userId={session.user.id} />
          <YourPlot userId={session.user.id} />
          {billing.isError && <p role='alert'>We could not load your rent payments just now.</p>}
          {rent.map((r) => (
            <Billing key={r.m.id} membership={r.m} subscription={r.subscription} invoices={r.invoices} />
          ))}
          <section className='card' aria-labelledby='pay-title'>
            <h2 id='pay-title'>Payments</h2>
            {data.orders.length === 0 ? (
              <p>No payments yet.</p>
            ) : (
              <StackedTable
                label='Your payments'
                rows={data.orders}
                rowKey={(o) => o.id}
                rowTestId='payment'
                columns={PAYMENT_COLUMNS}
              />
            )}
          </section>
        </>
      )}
      <p>
        <Link href={paths.yourData.getHref()}>Download or delete your data</Link>
      </p>
      <p>
        <button type='button' className={buttonLink} onClick={() => void signOut()}>
          Sign out
        </button>
      </p>
      <OtherDevices />
    </div>
  )
}

/** "Sign out on other devices": a lost phone, a shared computer. This browser stays signed in. */
function OtherDevices() {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const close = () => setAsking(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await signOutOtherDevices()
      toast.success('Signed out on your other devices')
      close()
    } catch (e) {
      toast.error(`Your other devices are still signed in: ${(e as Error).message}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <p>
        Signed in on a phone or computer you no longer use?{' '}
        <button type='button' className={buttonLink} onClick={() => setAsking(true)}>
          Sign out on other devices
        </button>
      </p>
      {asking && (
        <Modal title='Sign out on your other devices?' onClose={close} onClickOutside={close}>
          <p>
            You stay signed in here. Everywhere else you must sign in again on the next page you open; a page already
            open there keeps what it shows for up to an hour.
          </p>
          <div className={actionRow}>
            <button type='button' className={buttonPrimary} disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Signing out…' : 'Sign out other devices'}
            </button>
            <button type='button' className={buttonSecondary} onClick={close}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}

const plotOf = (m: MyMembership) => ({
  plot: m.plot_number ? `plot ${m.plot_number}` : 'plot',
  site: m.site?.location ?? 'your site',
})

function CancelMembership({ m, onDone }: { m: MyMembership; onDone: (message: string) => void }) {
  const terms = useMembershipTerms(m.id)
  const t = terms.data
  return (
    <section className='card' aria-labelledby={`cancel-${m.id}`}>
      <h2 id={`cancel-${m.id}`}>
        {m.site?.location ?? 'Your site'}: {m.plan?.name ?? `${m.plot_size} plot`}
      </h2>
      {terms.isPending && <p role='status'>Loading the terms…</p>}
      {terms.isError && <p role='alert'>We could not load the terms just now.</p>}
      {t && !t.cancel.allowed && (
        <p>
          {t.cancel.reason} <Link href={paths.members.getHref()}>Your membership page</Link>.
        </p>
      )}
      {t && t.cancel.allowed && <CancelForm t={t} onDone={onDone} />}
    </section>
  )
}

export function MembersCancellationRoute() {
  usePageMeta('Cancel your membership')
  const { session, ready, account } = useSignedInAccount()
  const [done, setDone] = useState<string | null>(null)
  const active = account.data?.memberships.filter((m) => m.status === 'active') ?? []
  if (!ready) return <p role='status'>Loading…</p>
  if (!session) return <SignInGate title='Cancel your membership' />

  if (done) {
    return (
      <div className={page}>
        <h1>Membership cancelled</h1>
        <div className='card' role='status'>
          <p>{done}</p>
        </div>
        <p>
          <Link href={paths.members.getHref()}>Back to your membership</Link>
        </p>
      </div>
    )
  }
  return (
    <div className={page}>
      <h1>Cancel your membership</h1>
      {account.isPending && <p role='status'>Loading your membership…</p>}
      {account.data && active.length === 0 && (
        <p>
          You have no active membership to cancel. <Link href={paths.members.getHref()}>Your membership page</Link>.
        </p>
      )}
      {active.map((m) => (
        <CancelMembership key={m.id} m={m} onDone={setDone} />
      ))}
    </div>
  )
}
