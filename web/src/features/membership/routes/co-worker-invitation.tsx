// /members/co-worker?invitation=<token>: the page a co-worker invitation e-mail links to, on any
// device. It says who invited whom to which plot; the invitee signs in, or creates an account,
// with the invited address and accepts (once, before the link runs out); then /members shows them
// the plot and how to get in. A used, withdrawn or expired link says so and what to do.
import { css } from 'goober'
import { Link, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { buttonLink, buttonPrimary, errorText } from '@/components/styles'
import { longDate } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type Invitation, INVITATION_TOKEN, useAcceptInvitation, useInvitation } from '../api/co-worker-invitation'
import { signOut, useSession } from '../api/use-session'
import { AccountStep } from '../components/AccountStep'

const page = css`
  max-width: 40rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.75rem;
    overflow-wrap: anywhere;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.5rem);
    margin-bottom: 1rem;
    overflow-wrap: anywhere;
  }
  .card > :first-child {
    margin-top: 0;
  }
  ul {
    padding-left: 1.2rem;
  }
`

const plotOf = (i: Invitation) => (i.plot_number ? `plot ${i.plot_number}` : 'their plot')

/** What a link that no longer stands says, or null while it does. */
export function closedReason(i: Invitation): string | null {
  switch (i.status) {
    case 'accepted':
    case 'removed':
      return i.mine && i.status === 'accepted' ? null : 'This invitation has already been used.'
    case 'withdrawn':
      return `${i.member_first_name} has withdrawn this invitation.`
    case 'expired':
      return `This invitation ran out on ${longDate(i.expires_at)}. Ask ${i.member_first_name} to send you a new one.`
    default:
      return null
  }
}

function Accept({ token, invitation }: { token: string; invitation: Invitation }) {
  const accept = useAcceptInvitation(token)
  const go = async () => {
    try {
      await accept.mutateAsync()
      toast.success(`You are now ${invitation.member_first_name}'s co-worker`)
    } catch {
      /* shown below */
    }
  }
  return (
    <>
      <button type='button' className={buttonPrimary} disabled={accept.isPending} onClick={() => void go()}>
        {accept.isPending ? 'Accepting…' : 'Accept the invitation'}
      </button>
      {accept.isError && (
        <p role='alert' className={errorText}>
          {accept.error.message}
        </p>
      )}
    </>
  )
}

export function InvitationBody({
  token,
  invitation: i,
  signedInAs,
}: {
  token: string
  invitation: Invitation
  signedInAs: string | null
}) {
  const closed = closedReason(i)
  if (closed) {
    return (
      <div className='card' role='alert'>
        <p>{closed}</p>
        <p>
          <Link href={paths.home.getHref()}>Go to the Roots home page</Link>
        </p>
      </div>
    )
  }
  if (i.status === 'accepted') {
    return (
      <div className='card' role='status' data-testid='invitation-accepted'>
        <p>
          You are {i.member_first_name}&rsquo;s co-worker on {plotOf(i)} at {i.location}.
        </p>
        <p>
          <Link href={paths.members.getHref()} className={buttonPrimary}>
            See the plot and how to get in
          </Link>
        </p>
      </div>
    )
  }
  const sameAddress = signedInAs !== null && signedInAs.toLowerCase() === i.email.toLowerCase()
  return (
    <>
      <div className='card'>
        <p>
          {i.member_first_name} has invited you to be their co-worker on {plotOf(i)} at {i.location}, {i.city}. As their
          co-worker you:
        </p>
        <ul>
          <li>see the plot on the site plan, and its inspections;</li>
          <li>see how to get into the site (the gate code);</li>
          <li>cannot pay, pause or cancel the membership: that stays with {i.member_first_name}.</li>
        </ul>
        <p>
          The invitation is for {i.email} and works until {longDate(i.expires_at)}.
        </p>
      </div>
      <section className='card' aria-labelledby='accept-title'>
        <h2 id='accept-title'>{signedInAs ? 'Your answer' : 'Sign in or create your account'}</h2>
        {signedInAs === null && (
          <>
            <p>
              Use <strong>{i.email}</strong>: the invitation is for that address.
            </p>
            <AccountStep
              prefill={{ email: i.email, first_name: i.name?.split(' ')[0] }}
              returnTo={`${globalThis.location.origin}${paths.coWorkerInvitation.getHref()}?invitation=${token}`}
            />
          </>
        )}
        {signedInAs !== null && sameAddress && (
          <>
            <p>
              You are signed in as <strong>{signedInAs}</strong>.
            </p>
            <Accept token={token} invitation={i} />
          </>
        )}
        {signedInAs !== null && !sameAddress && (
          <>
            <p role='alert'>
              You are signed in as <strong>{signedInAs}</strong>, but the invitation is for <strong>{i.email}</strong>.
              Sign out, then sign in or create your account with that address.
            </p>
            <button type='button' className={buttonLink} onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        )}
      </section>
    </>
  )
}

export default function CoWorkerInvitationRoute() {
  usePageMeta('Your co-worker invitation')
  const search = useSearch()
  const token = new URLSearchParams(search).get('invitation') ?? ''
  const { session, ready } = useSession()
  const invitation = useInvitation(token, session?.user.id ?? null)
  const i = invitation.data
  return (
    <div className={page}>
      <h1>
        {i && !closedReason(i)
          ? `${i.member_first_name} has invited you to help on ${plotOf(i)}`
          : 'Your co-worker invitation'}
      </h1>
      {!INVITATION_TOKEN.test(token) && (
        <p role='alert' className='card'>
          This invitation link is not complete. Open it again from the e-mail, or copy the whole link into your browser.
        </p>
      )}
      {INVITATION_TOKEN.test(token) && (invitation.isPending || !ready) && <p role='status'>Loading the invitation…</p>}
      {invitation.isError && (
        <p role='alert' className='card'>
          {invitation.error.message}
        </p>
      )}
      {i && ready && <InvitationBody token={token} invitation={i} signedInAs={session?.user.email ?? null} />}
    </div>
  )
}
