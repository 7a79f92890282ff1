// /your-data: a person's data rights under UK GDPR. Reached from the applicant's status page
// (?reference=…, then removed from the address bar: the reference is a secret) or signed in
// from the member's page. Download everything held about you (JSON or CSV), or ask for it to be
// erased after reading what goes and what is kept. The database decides what the reference or
// the account reaches (export_my_data, request_data_erasure).
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { TextField } from '@/components/form/Field'
import { buttonLink, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { downloadText } from '@/lib/admin/csv'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type DataExport, exportToCsv, useAccountEmail, useExportMyData, useRequestErasure } from '../api/data-rights'

const REFERENCE = /^[a-z0-9-]{8,100}$/

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 1rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.9rem;
    padding: clamp(1rem, 4vw, 2rem);
    margin-bottom: 1.25rem;
    max-width: 48rem;
    overflow-wrap: anywhere;
  }
  .card > h2:first-child {
    margin-top: 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .confirm {
    border: 3px solid var(--roots-error, #a4282a);
  }
  h2:focus {
    outline: none;
  }
  ul {
    padding-left: 1.25rem;
  }
`

/** Counts per part of the document, in words ("2 waiting-list entries"). */
function describe(doc: DataExport): string[] {
  return Object.entries(doc)
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(([k, v]) => `${(v as unknown[]).length} × ${k.replace(/_/g, ' ')}`)
}

function Download({ reference }: { reference: string | null }) {
  const exp = useExportMyData()
  const [held, setHeld] = useState<{ lines: string[]; places: string[] } | null>(null)
  async function download(kind: 'json' | 'csv') {
    try {
      const doc = await exp.mutateAsync(reference)
      const stamp = new Date().toISOString().slice(0, 10)
      if (kind === 'json')
        downloadText(JSON.stringify(doc, null, 2), `roots-my-data-${stamp}.json`, 'application/json;charset=utf-8')
      else downloadText(exportToCsv(doc), `roots-my-data-${stamp}.csv`)
      const entries = Array.isArray(doc.waiting_list_entries)
        ? (doc.waiting_list_entries as Array<{ location?: string }>)
        : []
      setHeld({ lines: describe(doc), places: entries.map((e) => e.location ?? '').filter(Boolean) })
      toast.success('Your data is downloading.')
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }
  return (
    <section className='card' aria-labelledby='download-title'>
      <h2 id='download-title'>Download my data</h2>
      <p>
        A copy of everything we hold about you{reference ? ' under the e-mail address your reference was sent to' : ''}:
        your waiting-list places and their history, offers, pre-registrations, bookings, the messages we sent you and
        the consents you gave{reference ? '' : ', and your account, membership and payments'}.
      </p>
      {reference && (
        <p>
          Membership and payment records are shown when you <Link href={paths.login.getHref()}>sign in</Link> instead.
        </p>
      )}
      <div className='actions'>
        <button type='button' className={buttonPrimary} disabled={exp.isPending} onClick={() => void download('json')}>
          Download as JSON
        </button>
        <button type='button' className={buttonSecondary} disabled={exp.isPending} onClick={() => void download('csv')}>
          Download as CSV (spreadsheet)
        </button>
      </div>
      {exp.isError && (
        <p role='alert' className={errorText}>
          {exp.error.message}
        </p>
      )}
      {held && !exp.isError && (
        <div role='status' data-testid='held'>
          <p>We hold: {held.lines.length ? held.lines.join(', ') : 'nothing about you'}.</p>
          {held.places.length > 0 && <p>Waiting lists: {held.places.join(', ')}.</p>}
        </div>
      )}
    </section>
  )
}

function Erase({ reference }: { reference: string | null }) {
  const [confirming, setConfirming] = useState(false)
  const [done, setDone] = useState<number | null>(null)
  const request = useRequestErasure()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (confirming || done) heading.current?.focus()
  }, [confirming, done])
  async function send() {
    try {
      const r = await request.mutateAsync(reference)
      setDone(r.id)
      setConfirming(false)
      toast.success('Your request is in.')
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }
  if (done) {
    return (
      <section className='card' aria-labelledby='erase-title'>
        <h2 id='erase-title' ref={heading} tabIndex={-1}>
          Request received
        </h2>
        <p role='status'>
          Your request to erase your data is number {done}. We have e-mailed you to confirm it, and will e-mail you
          again when it is done (within one month).
        </p>
      </section>
    )
  }
  if (!confirming) {
    return (
      <section className='card' aria-labelledby='erase-title'>
        <h2 id='erase-title'>Delete my data</h2>
        <p>You can ask us to erase the personal data we hold about you.</p>
        <button type='button' className={buttonSecondary} onClick={() => setConfirming(true)}>
          Delete my data…
        </button>
      </section>
    )
  }
  return (
    <section className='card confirm' aria-labelledby='erase-title'>
      <h2 id='erase-title' ref={heading} tabIndex={-1}>
        Before you ask us to erase your data
      </h2>
      <h3>What we erase</h3>
      <ul>
        <li>Your name, e-mail address, phone number, postcode and notes, wherever we hold them.</li>
        <li>
          Your places on waiting lists and pre-registrations: they are withdrawn, and you lose your place. If you join
          again later, you start at the back.
        </li>
        <li>
          Your bookings, the messages we sent you, your votes and reminder sign-ups, and your account if you have one.
        </li>
        <li>Your private references stop working.</li>
      </ul>
      <h3>What we keep</h3>
      <ul>
        <li>Anonymised figures, such as how long each list is and how fast it moves. They say nothing about you.</li>
        <li>
          Payment records (orders, deposits, memberships, vouchers) for 6 years, as HMRC requires, with your name and
          contact details removed.
        </li>
      </ul>
      <p>
        A member of our team completes the request within one month. We e-mail you when we receive it and when it is
        done.
      </p>
      {request.isError && (
        <p role='alert' className={errorText}>
          {request.error.message}
        </p>
      )}
      <div className='actions'>
        <button type='button' className={buttonPrimary} disabled={request.isPending} onClick={() => void send()}>
          {request.isPending ? 'Sending…' : 'Yes, erase my data'}
        </button>
        <button type='button' className={buttonSecondary} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    </section>
  )
}

function FindReference({ onFound }: { onFound: (ref: string) => void }) {
  const [error, setError] = useState<string | undefined>()
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const value = String(new FormData(e.currentTarget).get('reference') ?? '')
      .trim()
      .toLowerCase()
    if (!REFERENCE.test(value)) {
      setError('Enter the reference from your confirmation e-mail: letters, digits and hyphens.')
      return
    }
    setError(undefined)
    onFound(value)
  }
  return (
    <form onSubmit={onSubmit} noValidate className='card' aria-label='Use your private reference'>
      <TextField
        label='Your private reference'
        name='reference'
        autoComplete='off'
        spellCheck={false}
        error={error}
        hint='It is in the e-mail we sent when you joined a waiting list or pre-registered.'
      />
      <button type='submit' className={buttonPrimary}>
        Continue
      </button>
    </form>
  )
}

export default function YourDataRoute() {
  usePageMeta('Your data', 'Download the personal data Roots Allotments holds about you, or ask us to erase it.')
  const search = useSearch()
  const [, navigate] = useLocation()
  const fromLink = new URLSearchParams(search).get('reference')?.trim().toLowerCase() ?? ''
  const [reference, setReference] = useState<string>(() => (REFERENCE.test(fromLink) ? fromLink : ''))
  const account = useAccountEmail()

  // The reference is a secret: keep it out of the address bar (and page-view analytics).
  useEffect(() => {
    if (!fromLink) return
    if (REFERENCE.test(fromLink)) setReference(fromLink)
    navigate(paths.yourData.getHref(), { replace: true })
  }, [fromLink, navigate])

  const who = reference ? 'reference' : account.data ? 'account' : null
  return (
    <div className={page}>
      <h1>Your data</h1>
      <p>
        Under UK data protection law you may have a copy of the personal data we hold about you, and ask us to erase it.
        See our <Link href={`${paths.privacy.getHref()}#rights`}>privacy notice</Link> for all your rights.
      </p>
      {who === 'reference' && (
        <p>
          Using the private reference from your e-mail.{' '}
          <button type='button' className={buttonLink} onClick={() => setReference('')}>
            Use another reference
          </button>
        </p>
      )}
      {who === 'account' && (
        <p>
          Signed in as <strong>{account.data}</strong>.
        </p>
      )}
      {!who && account.isPending && <p role='status'>Loading…</p>}
      {!who && !account.isPending && (
        <>
          <p>
            Use the private reference from the e-mail we sent you, or <Link href={paths.login.getHref()}>sign in</Link>{' '}
            if you have an account.
          </p>
          <FindReference onFound={setReference} />
        </>
      )}
      {who && (
        <>
          <Download key={`d-${reference}`} reference={reference || null} />
          <Erase key={`e-${reference}`} reference={reference || null} />
        </>
      )}
    </div>
  )
}
