// Getting in and co-workers on /members. For each membership the person holds: how to get into
// the site (the gate code and key arrangements, while the membership opens the gate) and their
// co-worker: invite one by e-mail, withdraw the invitation, or remove them. For each membership
// they co-work on: whose plot it is, how to get in, and a way to stop. Who sees what is the
// database's (rpc my_plot_access, co_workers' RLS); the page only shows it.
import { useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { Modal } from '@/components/Modal'
import { TextField } from '@/components/form/Field'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { longDate } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { type CoWorker, invitationLive, type PlotAccess as Row, usePlotAccess } from '../api/get-plot-access'
import { inviteSchema, useEndCoWorker, useInviteCoWorker } from '../api/co-workers'

const box = css`
  h3 {
    margin: 1.25rem 0 0.5rem;
    font-size: 1.1rem;
  }
  .code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 1.5rem;
    font-weight: 700;
    letter-spacing: 0.08em;
  }
  .keys {
    white-space: pre-line;
  }
  .note {
    color: var(--roots-muted);
  }
  form {
    max-width: 28rem;
  }
`

const plotAt = (r: Row) => `${r.plot_number ? `plot ${r.plot_number}` : 'the plot'} at ${r.location}, ${r.city}`

/** The gate code and key arrangements, or why they are not shown. */
export function GettingIn({ row }: { row: Row }) {
  if (!row.opens_gate) {
    return (
      <p data-testid='gate-withheld'>
        {row.role === 'member'
          ? 'While your membership is suspended we do not show the gate code. Pay what is owed and it shows here again at once.'
          : `The gate code is not shown while ${row.holder_first_name ?? 'the member'}'s membership is suspended.`}
      </p>
    )
  }
  if (!row.gate_code && !row.key_arrangements) {
    return <p>No gate code is recorded for {row.location} yet: your patch manager will tell you how to get in.</p>
  }
  return (
    <>
      <dl>
        {row.gate_code && (
          <>
            <dt>Gate code</dt>
            <dd className='code' data-testid='gate-code'>
              {row.gate_code}
            </dd>
          </>
        )}
        {row.key_arrangements && (
          <>
            <dt>Keys</dt>
            <dd className='keys'>{row.key_arrangements}</dd>
          </>
        )}
        {row.access_updated_at && (
          <>
            <dt>Updated</dt>
            <dd>{longDate(row.access_updated_at)}</dd>
          </>
        )}
      </dl>
      <p className='note'>Please keep the code to yourself: it is for members and their co-workers only.</p>
    </>
  )
}

function InviteForm({ membershipId, again }: { membershipId: number; again: boolean }) {
  const invite = useInviteCoWorker(membershipId)
  const { ref, errors, onSubmit, pending } = useZodSubmit(inviteSchema, {
    send: async (input) => {
      await invite.mutateAsync(input)
      toast.success(`Invitation sent to ${input.email}`)
    },
  })
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Invite a co-worker'>
      <TextField label='Their name (optional)' name='name' autoComplete='off' error={errors.name} />
      <TextField
        label='Their e-mail address'
        name='email'
        type='email'
        autoComplete='off'
        error={errors.email}
        hint='We e-mail them a link. They sign in, or create an account, with this address to accept.'
      />
      {errors._form && (
        <p role='alert' className={errorText}>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Sending…' : again ? 'Send a new invitation' : 'Send invitation'}
      </button>
    </form>
  )
}

/** Asks before ending a co-worker or an invitation; `onClose` is stable (a state setter). */
function EndDialog({
  title,
  body,
  confirm,
  coWorkerId,
  done,
  onClose,
}: {
  title: string
  body: string
  confirm: string
  coWorkerId: number
  done: string
  onClose: (open: boolean) => void
}) {
  const end = useEndCoWorker()
  const close = () => onClose(false)
  const go = async () => {
    try {
      await end.mutateAsync(coWorkerId)
      toast.success(done)
      close()
    } catch (e) {
      toast.error((e as Error).message)
    }
  }
  return (
    <Modal title={title} onClose={close} onClickOutside={close}>
      <p>{body}</p>
      <div className={actionRow}>
        <button type='button' className={buttonPrimary} disabled={end.isPending} onClick={() => void go()}>
          {end.isPending ? 'Working…' : confirm}
        </button>
        <button type='button' className={buttonSecondary} onClick={close}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}

/** The member's co-worker for one membership: none (invite), invited (withdraw) or accepted (remove). */
export function CoWorkerPanel({ row, coWorker }: { row: Row; coWorker: CoWorker | undefined }) {
  const [asking, setAsking] = useState(false)
  if (row.membership_status === 'suspended') {
    return <p>While your membership is suspended you cannot name a co-worker.</p>
  }
  if (coWorker?.status === 'accepted') {
    const who = coWorker.name ?? coWorker.email
    return (
      <>
        <p data-testid='co-worker'>
          <strong>{who}</strong>
          {coWorker.name ? ` (${coWorker.email})` : ''} is your co-worker
          {coWorker.accepted_at ? ` since ${longDate(coWorker.accepted_at)}` : ''}. They see your plot, its inspections
          and the gate code; they cannot pay, pause or cancel your membership.
        </p>
        <button type='button' className={buttonSecondary} onClick={() => setAsking(true)}>
          Remove co-worker
        </button>
        {asking && (
          <EndDialog
            title={`Remove ${who} as your co-worker?`}
            body='They stop seeing your plot and the gate code at once. They may remember the code: if that worries you, tell your patch manager.'
            confirm='Remove co-worker'
            done={`${who} is no longer your co-worker`}
            coWorkerId={coWorker.id}
            onClose={setAsking}
          />
        )}
      </>
    )
  }
  if (coWorker && invitationLive(coWorker)) {
    return (
      <>
        <p data-testid='co-worker'>
          We e-mailed an invitation to <strong>{coWorker.email}</strong> on {longDate(coWorker.invited_at)}. It works
          until {longDate(coWorker.expires_at)}.
        </p>
        <button type='button' className={buttonSecondary} onClick={() => setAsking(true)}>
          Withdraw invitation
        </button>
        {asking && (
          <EndDialog
            title='Withdraw the invitation?'
            body={`The link we sent to ${coWorker.email} stops working. You can invite someone else afterwards.`}
            confirm='Withdraw invitation'
            done='Invitation withdrawn'
            coWorkerId={coWorker.id}
            onClose={setAsking}
          />
        )}
      </>
    )
  }
  return (
    <>
      {coWorker ? (
        <p>
          Your invitation to <strong>{coWorker.email}</strong> ran out on {longDate(coWorker.expires_at)} before it was
          accepted. You can send a new one.
        </p>
      ) : (
        <p>
          Share your plot with one co-worker: they see the plot, its inspections and the gate code, but cannot pay,
          pause or cancel your membership.
        </p>
      )}
      <InviteForm membershipId={row.membership_id} again={!!coWorker} />
    </>
  )
}

function HelperLeave({ row }: { row: Row }) {
  const [asking, setAsking] = useState(false)
  if (row.co_worker_id === null) return null
  return (
    <>
      <button type='button' className={buttonSecondary} onClick={() => setAsking(true)}>
        Stop being a co-worker
      </button>
      {asking && (
        <EndDialog
          title={`Stop helping on ${plotAt(row)}?`}
          body={`You stop seeing the plot and the gate code. ${row.holder_first_name ?? 'The member'} can invite you again.`}
          confirm='Stop being a co-worker'
          done={`You are no longer a co-worker on ${plotAt(row)}`}
          coWorkerId={row.co_worker_id}
          onClose={setAsking}
        />
      )}
    </>
  )
}

export function PlotAccessCards({ rows, coWorkers }: { rows: Row[]; coWorkers: CoWorker[] }) {
  return (
    <>
      {rows.map((r) =>
        r.role === 'member' ? (
          <section
            key={`m${r.membership_id}`}
            className={`card ${box}`}
            aria-labelledby={`access-${r.membership_id}`}
            data-testid='getting-in'
          >
            <h2 id={`access-${r.membership_id}`}>Getting in: {r.location}</h2>
            <GettingIn row={r} />
            <h3>Your co-worker</h3>
            <CoWorkerPanel row={r} coWorker={coWorkers.find((c) => c.membership_id === r.membership_id)} />
          </section>
        ) : (
          <section
            key={`c${r.membership_id}`}
            className={`card ${box}`}
            aria-labelledby={`helping-${r.membership_id}`}
            data-testid='co-working'
          >
            <h2 id={`helping-${r.membership_id}`}>
              You help on {r.plot_number ? `plot ${r.plot_number}` : 'a plot'} at {r.location}
            </h2>
            <p>
              You are {r.holder_first_name ?? 'the member'}&rsquo;s co-worker on {plotAt(r)}. You can see the plot, its
              inspections and how to get in; paying, pausing and cancelling stay with {r.holder_first_name ?? 'them'}.
            </p>
            <GettingIn row={r} />
            <p>
              <Link href={paths.site.getHref({ cityslug: r.city_slug, slug: r.slug })}>
                See {r.location} and its site plan
              </Link>
            </p>
            <HelperLeave row={r} />
          </section>
        ),
      )}
    </>
  )
}

/** The cards for the signed-in person; nothing while they hold and help on no plot. */
export function PlotAccess({ userId }: { userId: string }) {
  const q = usePlotAccess(userId)
  if (q.isError) return <p role='alert'>We could not load how to get into your site just now.</p>
  if (!q.data) return null
  return <PlotAccessCards rows={q.data.rows} coWorkers={q.data.coWorkers} />
}
