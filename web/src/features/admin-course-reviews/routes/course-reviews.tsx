// /admin/course-reviews: experts' edits of published courses and lessons, each beside the live
// words it would replace. Approve (the public page takes it) or send it back with a note the
// expert reads on their course page. Admins only: the database refuses anyone else.
import { type FormEvent, useState } from 'react'
import { css } from 'goober'
import { EmptyState, ErrorNotice, Field, PageHeader, Status } from '@/components/admin/ui'
import { RichText } from '@/components/content/RichText'
import { buttonPrimary, buttonSecondary, visuallyHidden } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type CourseReview, useCourseReviews } from '../api/get-course-reviews'
import { sendBackSchema, useReviewCourseRevision } from '../api/review-course-revision'
import { dateTime } from '@/lib/dates'

const list = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 1.25rem;
  > li {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: clamp(0.75rem, 3vw, 1.25rem);
    min-width: 0;
  }
  h2 {
    font-size: 1.15rem;
    margin: 0 0 0.25rem;
    overflow-wrap: anywhere;
  }
  .meta {
    color: var(--roots-muted);
    margin: 0 0 0.75rem;
  }
  .compare {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
  }
  .compare section {
    border: 1px solid #e3e6e3;
    border-radius: 0.375rem;
    padding: 0.75rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .compare h3 {
    font-size: 1rem;
    margin: 0 0 0.5rem;
  }
  .compare .edit {
    border-color: var(--roots-primary);
  }
  dl {
    margin: 0 0 0.5rem;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0 0 0.5rem;
  }
  .unchanged {
    color: var(--roots-muted);
    font-style: italic;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin-top: 1rem;
    align-items: end;
  }
  form {
    margin-top: 1rem;
  }
`

/** What the edit changes, in words a reviewer can scan: the lesson's title and text, or the course's title and summary. */
export function changedFields(r: CourseReview): string[] {
  const out: string[] = []
  if (r.title !== r.live_title) out.push('title')
  if (r.lesson_id === null && (r.summary ?? '') !== (r.live_summary ?? '')) out.push('summary')
  if (r.lesson_id !== null && JSON.stringify(r.content) !== JSON.stringify(r.live_content)) out.push('text')
  return out
}

function Version({ r, side }: { r: CourseReview; side: 'live' | 'edit' }) {
  const title = side === 'live' ? r.live_title : r.title
  return (
    <section className={side} aria-label={side === 'live' ? 'Published now' : 'The expert’s edit'}>
      <h3>{side === 'live' ? 'Published now' : 'The expert’s edit'}</h3>
      <dl>
        <dt>Title</dt>
        <dd>{title}</dd>
        {r.lesson_id === null && (
          <>
            <dt>Summary</dt>
            <dd>{(side === 'live' ? r.live_summary : r.summary) ?? <span className='unchanged'>none</span>}</dd>
          </>
        )}
      </dl>
      {r.lesson_id !== null && <RichText doc={side === 'live' ? r.live_content : r.content} />}
    </section>
  )
}

function ReviewItem({ r }: { r: CourseReview }) {
  const review = useReviewCourseRevision()
  const [sending, setSending] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const what =
    r.lesson_id === null ? `the details of “${r.course_title}”` : `lesson “${r.live_title}” of “${r.course_title}”`
  const changed = changedFields(r)
  const approve = () =>
    review.mutate(
      { id: r.id, approve: true },
      {
        onSuccess: () => toast.success(`Approved: ${what} now shows the expert’s edit.`),
        onError: (e) => toast.error(e.message),
      },
    )
  const sendBack = (e: FormEvent) => {
    e.preventDefault()
    const parsed = sendBackSchema.safeParse({ note })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    review.mutate(
      { id: r.id, approve: false, note: parsed.data.note },
      {
        onSuccess: () => toast.success(`Sent back: the expert sees your note on ${what}.`),
        onError: (err) => toast.error(err.message),
      },
    )
  }
  const headingId = `review-${r.id}`
  return (
    <li aria-labelledby={headingId}>
      <h2 id={headingId}>{r.lesson_id === null ? `Course details: ${r.course_title}` : `Lesson: ${r.live_title}`}</h2>
      <p className='meta'>
        {r.lesson_id !== null && <>In “{r.course_title}”. </>}
        Sent {dateTime(r.submitted_at)}. Changes: {changed.length ? changed.join(', ') : 'nothing visible'}.
      </p>
      <div className='compare'>
        <Version r={r} side='live' />
        <Version r={r} side='edit' />
      </div>
      {sending ? (
        <form onSubmit={sendBack} noValidate aria-label={`Send back ${what}`}>
          <Field
            label='Note for the expert'
            hint='They read it beside their edit; at most 1,000 characters.'
            error={error}
          >
            <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} autoFocus />
          </Field>
          <div className='actions'>
            <button type='submit' className={buttonPrimary} disabled={review.isPending}>
              {review.isPending ? 'Sending…' : 'Send back with this note'}
            </button>
            <button
              type='button'
              className={buttonSecondary}
              onClick={() => {
                setSending(false)
                setError(undefined)
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className='actions'>
          <button type='button' className={buttonPrimary} disabled={review.isPending} onClick={approve}>
            Approve<span className={visuallyHidden}> {what}</span>
          </button>
          <button type='button' className={buttonSecondary} onClick={() => setSending(true)}>
            Send back<span className={visuallyHidden}> {what}</span>
          </button>
        </div>
      )}
    </li>
  )
}

export function AdminCourseReviewsRoute() {
  usePageMeta('Course reviews')
  const reviews = useCourseReviews()
  return (
    <>
      <PageHeader title='Course reviews' />
      <p>
        Growing experts’ edits of published courses and lessons. The public pages keep the published words until you
        approve an edit.
      </p>
      {reviews.isPending && <Status>Loading the edits waiting for review…</Status>}
      {reviews.isError && <ErrorNotice title='The edits could not be loaded' message={reviews.error.message} />}
      {reviews.data && reviews.data.length === 0 && <EmptyState>No edits are waiting for review.</EmptyState>}
      {reviews.data && reviews.data.length > 0 && (
        <ul className={list} aria-label='Edits waiting for review'>
          {reviews.data.map((r) => (
            <ReviewItem key={r.id} r={r} />
          ))}
        </ul>
      )}
    </>
  )
}
