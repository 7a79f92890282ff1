// /members: a member's own page (membership, site, payments), signed in; /members/cancellation:
// ask to cancel with a reason, then a confirmation.
import { useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { SelectField, TextAreaField } from '@/components/form/Field'
import { buttonLink, buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { useMyAccount } from '../api/get-my-membership'
import { cancellationSchema, useRequestCancellation } from '../api/request-cancellation'
import { signOut, useSession } from '../api/use-session'
import { SignInForm } from '../components/SignInForm'
import { pounds } from './plans'

const page = css`
  h1 { color: var(--roots-primary); margin: 0 0 0.75rem; }
  .card { background: var(--roots-surface); border-radius: 0.75rem; padding: clamp(1rem, 4vw, 1.5rem); margin-bottom: 1rem; max-width: 48rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid #e0e5e0; }
  .scroll { overflow-x: auto; }
`

const STATUS: Record<string, string> = {
  pending: 'Pending', active: 'Active', cancellation_requested: 'Cancellation requested', cancelled: 'Cancelled', ended: 'Ended',
}

function useSignedInAccount() {
  const { session, ready } = useSession()
  const account = useMyAccount(session?.user.id ?? null)
  return { session, ready, account }
}

function SignInGate({ title }: { title: string }) {
  return (
    <div className={page}>
      <h1>{title}</h1>
      <p>Sign in with the e-mail address you joined with.</p>
      <div className='card'><SignInForm /></div>
    </div>
  )
}

export default function MembersRoute() {
  usePageMeta('Your membership')
  const { session, ready, account } = useSignedInAccount()
  if (!ready) return <p role='status'>Loading…</p>
  if (!session) return <SignInGate title='Members' />
  const data = account.data
  return (
    <div className={page}>
      <h1>{data?.member ? `Hello, ${data.member.first_name}` : 'Your membership'}</h1>
      {account.isPending && <p role='status'>Loading your membership…</p>}
      {account.isError && <p role='alert'>We could not load your membership just now.</p>}
      {data && (
        <>
          <section className='card' aria-labelledby='ms-title'>
            <h2 id='ms-title'>Membership</h2>
            {data.memberships.length === 0 && <p>You have no membership yet. <Link href={paths.becomeMember.getHref()}>Become a member</Link>.</p>}
            {data.memberships.map((m) => (
              <dl key={m.id} data-testid='membership'>
                <dt>Site</dt><dd>{m.site ? `${m.site.location}, ${m.site.city}` : '—'}</dd>
                <dt>Plan</dt><dd>{m.plan ? `${m.plan.name} (${pounds(m.plan.price_pence)} a ${m.plan.billing_interval})` : '—'}</dd>
                <dt>Plot</dt><dd>{m.plot_number ?? 'To be allocated'} · {m.plot_size} plot</dd>
                <dt>Since</dt><dd>{new Date(m.start_date).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}</dd>
                <dt>Status</dt><dd>{STATUS[m.status] ?? m.status}</dd>
              </dl>
            ))}
            {data.memberships.some((m) => m.status === 'active') && <p><Link href={paths.membersCancellation.getHref()}>Cancel my membership</Link></p>}
          </section>
          <section className='card' aria-labelledby='pay-title'>
            <h2 id='pay-title'>Payments</h2>
            {data.orders.length === 0 ? <p>No payments yet.</p> : (
              <div className='scroll' tabIndex={0} role='region' aria-label='Your payments'>
                <table>
                  <thead><tr><th scope='col'>Date</th><th scope='col'>For</th><th scope='col'>Amount</th><th scope='col'>Status</th></tr></thead>
                  <tbody>
                    {data.orders.map((o) => (
                      <tr key={o.id}><td>{new Date(o.created_at).toLocaleDateString('en-GB')}</td><td>{o.kind.replace('_', ' ')}</td><td>{pounds(o.total_pence)}</td><td>{o.status}</td></tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
      <p><button type='button' className={buttonLink} onClick={() => void signOut()}>Sign out</button></p>
    </div>
  )
}

export function MembersCancellationRoute() {
  usePageMeta('Cancel your membership')
  const { session, ready, account } = useSignedInAccount()
  const cancel = useRequestCancellation()
  const [done, setDone] = useState<string | null>(null)
  const active = account.data?.memberships.filter((m) => m.status === 'active') ?? []
  const { ref, errors, onSubmit } = useZodSubmit(cancellationSchema, {
    send: async (request) => {
      await cancel.mutateAsync(request)
      setDone(active.find((x) => x.id === request.membership_id)?.site?.location ?? 'your site')
      toast.success('Your cancellation request is in.')
    },
  })
  if (!ready) return <p role='status'>Loading…</p>
  if (!session) return <SignInGate title='Cancel your membership' />

  if (done) {
    return (
      <div className={page}>
        <h1>Cancellation requested</h1>
        <div className='card' role='status'><p>We have your request to cancel your membership at {done}. We will confirm by e-mail; your plot stays yours until the end of the period you have paid for.</p></div>
        <p><Link href={paths.members.getHref()}>Back to your membership</Link></p>
      </div>
    )
  }
  return (
    <div className={page}>
      <h1>Cancel your membership</h1>
      {account.isPending && <p role='status'>Loading your membership…</p>}
      {account.data && active.length === 0 && <p>You have no active membership to cancel.</p>}
      {active.length > 0 && (
        <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Request cancellation'>
          <SelectField label='Membership' name='membership_id' error={errors.membership_id} defaultValue={active.length === 1 ? String(active[0].id) : ''}>
            {active.length > 1 && <option value=''>Choose a membership</option>}
            {active.map((m) => <option key={m.id} value={m.id}>{m.site?.location ?? 'Site'}: {m.plan?.name ?? m.plot_size}</option>)}
          </SelectField>
          <TextAreaField label='Why are you leaving?' name='reason' rows={4} maxLength={2000} error={errors.reason} hint='It helps us improve. Up to 2000 characters.' />
          {errors._form && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>{errors._form}</p>}
          <button type='submit' className={buttonPrimary} disabled={cancel.isPending}>{cancel.isPending ? 'Sending…' : 'Request cancellation'}</button>
        </form>
      )}
    </div>
  )
}
