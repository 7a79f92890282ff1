// /queue/keep-place?token=…: "Keep your place at X?", opened from its e-mail on any device with
// no login. The applicant accepted a plot elsewhere; here they keep this waiting-list place or
// leave the list (asked to confirm first). Unanswered by the deadline, the place is withdrawn.
import { css } from 'goober'
import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import {
  KEEP_PLACE_TOKEN_PATTERN,
  type KeepPlaceQuestion,
  useAnswerKeepPlace,
  useKeepPlaceQuestion,
} from '../api/keep-place'
import { weekdayDate } from '@/lib/dates'

const page = css`
  max-width: 44rem;
  margin: 0 auto;
  padding: clamp(1rem, 4vw, 2rem);
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.75rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .confirm {
    border-left: 4px solid var(--roots-primary);
    padding-left: 0.75rem;
  }
  .confirm p:focus,
  h2:focus {
    outline: none;
  }
`

function Ask({ q, token }: { q: KeepPlaceQuestion; token: string }) {
  const answer = useAnswerKeepPlace(token)
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])

  async function send(keep: boolean) {
    if (answer.isPending) return
    try {
      await answer.mutateAsync(keep)
      toast.success(
        keep ? `You keep your place at ${q.location}.` : `You have left the waiting list for ${q.location}.`,
      )
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Your answer was not saved. Please try again.')
    }
  }

  return (
    <section className='card' aria-labelledby='keep-title' data-testid='keep-place'>
      <h2 id='keep-title'>Keep your place at {q.location}?</h2>
      <p>
        Hello {q.first_name}. You have accepted a plot at {q.accepted_location}: congratulations. You are also on the
        waiting list for <strong>{q.location}</strong>.
      </p>
      <p>
        Please tell us by <strong>{weekdayDate(q.due_by)}</strong> whether you want to keep that place. If we do not
        hear from you by then, we take you off the list for {q.location}.
      </p>
      {!confirming ? (
        <div className='actions'>
          <button type='button' className={buttonPrimary} disabled={answer.isPending} onClick={() => void send(true)}>
            Yes, keep my place
          </button>
          <button
            type='button'
            className={buttonSecondary}
            disabled={answer.isPending}
            onClick={() => setConfirming(true)}
          >
            No, take me off this list
          </button>
        </div>
      ) : (
        <div className='confirm' role='group' aria-labelledby='leave-question'>
          <p id='leave-question' ref={confirmRef} tabIndex={-1}>
            <strong>Leave the waiting list for {q.location}?</strong> You lose your place in its queue. This cannot be
            undone.
          </p>
          <div className='actions'>
            <button
              type='button'
              className={buttonPrimary}
              disabled={answer.isPending}
              onClick={() => void send(false)}
            >
              {answer.isPending ? 'Saving…' : 'Yes, leave the list'}
            </button>
            <button
              type='button'
              className={buttonSecondary}
              disabled={answer.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep my place
            </button>
          </div>
        </div>
      )}
    </section>
  )
}

function Answered({ q }: { q: KeepPlaceQuestion }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [q.status])
  const text = {
    kept: [`You keep your place at ${q.location}`, 'Your place in the queue is unchanged.'],
    withdrawn: [
      `You have left the waiting list for ${q.location}`,
      'Thank you for letting us know: the next people in the queue move up.',
    ],
    lapsed: [
      `You have left the waiting list for ${q.location}`,
      `We did not hear from you by ${weekdayDate(q.due_by)}, so we took you off the list. You can join it again at any time.`,
    ],
    closed: [`You are no longer on the waiting list for ${q.location}`, 'Nothing more is needed.'],
    asked: ['', ''],
  }[q.status]
  return (
    <section className='card' aria-labelledby='answer-title' data-testid='keep-place-answer'>
      <h2 id='answer-title' ref={heading} tabIndex={-1}>
        {text[0]}
      </h2>
      <p role='status'>{text[1]}</p>
    </section>
  )
}

export default function KeepPlaceRoute() {
  usePageMeta('Keep your place?')
  const search = useSearch()
  const token = new URLSearchParams(search).get('token') ?? ''
  const query = useKeepPlaceQuestion(token)
  let body
  if (!KEEP_PLACE_TOKEN_PATTERN.test(token) || (query.isSuccess && query.data === null)) {
    body = (
      <div className='card' role='alert'>
        <p>This link is not valid. Check that you opened the whole link from the e-mail.</p>
      </div>
    )
  } else if (query.isPending) {
    body = <p role='status'>Looking up your question…</p>
  } else if (query.isError) {
    body = (
      <div className='card' role='alert'>
        <p>We could not load this just now. Please try again.</p>
        <button type='button' className={buttonSecondary} onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )
  } else {
    const q = query.data!
    body = q.status === 'asked' ? <Ask q={q} token={token} /> : <Answered q={q} />
  }
  return (
    <div className={page}>
      <h1>Your waiting-list place</h1>
      {body}
    </div>
  )
}
