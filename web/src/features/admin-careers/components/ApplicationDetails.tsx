// One application in full, under its row: how to reach the applicant, the CV (a new tab), the
// message, and its status, which an admin moves on.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Field } from '@/components/admin/ui'
import { buttonPrimary, visuallyHidden } from '@/components/styles'
import { toast } from '@/lib/toast'
import { type Application, APPLICATION_STATUSES, type ApplicationStatus, STATUS_LABEL } from '../api/get-applications'
import { useSetApplicationStatus } from '../api/set-application-status'

const detailsClass = css`
  display: grid;
  gap: 0.75rem;
  max-width: 48rem;
  dl {
    display: grid;
    grid-template-columns: minmax(6rem, max-content) 1fr;
    gap: 0.25rem 1rem;
    margin: 0;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .message {
    white-space: pre-wrap;
  }
  form {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: end;
  }
  form > div {
    margin-bottom: 0;
    min-width: 10rem;
  }
  @media (max-width: 30rem) {
    dl {
      grid-template-columns: 1fr;
    }
    dd {
      margin-bottom: 0.5rem;
    }
  }
`

export function ApplicationDetails({ application: a }: { application: Application }) {
  const [status, setStatus] = useState<ApplicationStatus>(a.status)
  const save = useSetApplicationStatus()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(
      { id: a.id, status },
      {
        onSuccess: () => toast.success(`${a.name}’s application is now ${STATUS_LABEL[status].toLowerCase()}`),
        onError: (err) => toast.error(err.message),
      },
    )
  }
  return (
    <div className={detailsClass}>
      <dl>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${a.email}`}>{a.email}</a>
        </dd>
        <dt>CV</dt>
        <dd>
          <a href={a.cv_url} target='_blank' rel='noopener noreferrer'>
            {a.cv_url}
            <span className={visuallyHidden}> (opens in a new tab)</span>
          </a>
        </dd>
        <dt>Message</dt>
        <dd className='message'>{a.message ?? 'No message.'}</dd>
      </dl>
      <form onSubmit={submit} aria-label={`Status of ${a.name}’s application`}>
        <Field label='Status'>
          <select value={status} onChange={(e) => setStatus(e.target.value as ApplicationStatus)}>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </Field>
        <button type='submit' className={buttonPrimary} disabled={save.isPending || status === a.status}>
          {save.isPending ? 'Saving…' : 'Save status'}
        </button>
      </form>
    </div>
  )
}
