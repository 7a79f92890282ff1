// Inspections on /members: each inspection of the plot the person holds or co-works on (date,
// score in words, the inspector's note and photos, and a warning's deadline or a notice to quit),
// what was replied, and a form to reply in their own words. Nothing shows while there is none.
import { useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { scoreWords, whatToDo } from '@common/inspection-scale'
import { paths } from '@/config/paths'
import { TextAreaField } from '@/components/form/Field'
import { buttonLink, buttonPrimary, errorText } from '@/components/styles'
import { longDate } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { type MyInspection, useMyInspections } from '../api/get-inspections'
import { replySchema, useReplyToInspection } from '../api/reply-to-inspection'

const box = css`
  ol {
    list-style: none;
    padding: 0;
    margin: 0;
  }
  ol > li {
    border-top: 1px solid #e0e5e0;
    padding: 0.75rem 0;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0 0 0.25rem;
  }
  .outcome {
    font-weight: 700;
  }
  .warning {
    border-left: 4px solid #b5651d;
    padding-left: 0.75rem;
  }
  .notice {
    border-left: 4px solid var(--roots-error);
    padding-left: 0.75rem;
  }
  .photos {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    padding: 0;
    margin: 0.5rem 0;
  }
  .photos img {
    width: 7rem;
    height: 7rem;
    object-fit: cover;
    border-radius: 0.4rem;
    display: block;
  }
  .reply {
    background: #f3f6f3;
    border-radius: 0.5rem;
    padding: 0.5rem 0.75rem;
    margin: 0.5rem 0 0;
    white-space: pre-line;
  }
  form {
    max-width: 32rem;
    margin-top: 0.5rem;
  }
`

function Outcome({ i }: { i: MyInspection }) {
  const deadline = i.warning_deadline ? longDate(i.warning_deadline) : null
  switch (i.outcome) {
    case 'warning':
      return (
        <p className='warning' data-testid='inspection-warning'>
          <span className='outcome'>Written warning: below the pass mark of {i.pass_mark}.</span>{' '}
          {whatToDo(i.pass_mark)} Please do this by <strong>{deadline}</strong>. A passing inspection closes the
          warning; a failed one after that date leads to notice to quit.
        </p>
      )
    case 'warned':
      return (
        <p className='warning'>
          <span className='outcome'>Still below the pass mark of {i.pass_mark}.</span> Your warning's deadline is{' '}
          <strong>{deadline}</strong>.
        </p>
      )
    case 'notice':
      return (
        <p className='notice'>
          <span className='outcome'>Notice to quit.</span> The plot was still below the pass mark after the warning's
          deadline ({deadline}). The membership ends on <strong>{longDate(i.notice_ends_on)}</strong>.
        </p>
      )
    case 'cleared':
      return (
        <p>
          <span className='outcome'>Passed: the warning is closed.</span> Thank you.
        </p>
      )
    case 'passed':
      return <p className='outcome'>Passed.</p>
    default:
      return <p className='outcome'>Below the pass mark of {i.pass_mark}.</p>
  }
}

function ReplyForm({ i, userId }: { i: MyInspection; userId: string }) {
  const reply = useReplyToInspection(userId)
  const [open, setOpen] = useState(false)
  const { ref, errors, onSubmit, pending } = useZodSubmit(replySchema, {
    send: async (input) => {
      await reply.mutateAsync({ inspectionId: i.id, input })
      ref.current?.reset()
      setOpen(false)
      toast.success('Your reply is sent to your patch manager.')
    },
  })
  if (!open) {
    return (
      <button type='button' className={buttonLink} onClick={() => setOpen(true)}>
        Reply to this inspection
      </button>
    )
  }
  return (
    <form
      ref={ref}
      onSubmit={onSubmit}
      noValidate
      aria-label={`Reply to the inspection of ${longDate(i.inspected_at)}`}
    >
      <TextAreaField
        label='Your reply'
        name='body'
        maxLength={2000}
        rows={4}
        error={errors.body}
        hint='Your patch manager reads it. Up to 2,000 characters.'
      />
      {errors._form && (
        <p role='alert' className={errorText}>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  )
}

export function PlotInspections({ userId }: { userId: string }) {
  const inspections = useMyInspections(userId)
  if (inspections.isError) {
    return (
      <section className='card' aria-labelledby='insp-title'>
        <h2 id='insp-title'>Plot inspections</h2>
        <p role='alert'>We could not load your plot's inspections just now.</p>
      </section>
    )
  }
  const rows = inspections.data ?? []
  if (rows.length === 0) return null
  return (
    <section className={`card ${box}`} aria-labelledby='insp-title' data-testid='plot-inspections'>
      <h2 id='insp-title'>Plot inspections</h2>
      <p>
        Your patch manager scores each plot's cultivation from 0 to 5. The{' '}
        <Link href={paths.subscriptionAgreement.getHref()}>subscription agreement</Link> says what happens below the
        pass mark.
      </p>
      <ol>
        {rows.map((i) => (
          <li key={i.id} data-testid='inspection'>
            <h3>
              Plot {i.plot?.number}, {longDate(i.inspected_at)}: {scoreWords(i.score)}
            </h3>
            <Outcome i={i} />
            {i.note && <p>Inspector's note: {i.note}</p>}
            {i.photoUrls.length > 0 && (
              <ul className='photos' aria-label='Photos'>
                {i.photoUrls.map((u, n) => (
                  <li key={u}>
                    <img src={u} alt={`Inspection photo ${n + 1} of plot ${i.plot?.number ?? ''}`} loading='lazy' />
                  </li>
                ))}
              </ul>
            )}
            {i.replies.map((r) => (
              <p key={r.id} className='reply'>
                <strong>
                  {r.author_id === userId ? 'You replied' : 'Reply'}, {longDate(r.created_at)}:
                </strong>{' '}
                {r.body}
              </p>
            ))}
            <ReplyForm i={i} userId={userId} />
          </li>
        ))}
      </ol>
    </section>
  )
}
