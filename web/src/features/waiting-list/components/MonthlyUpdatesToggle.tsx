// The applicant's monthly e-mail, on their status page: a checkbox that saves as it changes
// (by the private reference, no sign-in). Shown for a live entry only; a failed change is named
// and the box shows what is really stored.
import { useState } from 'react'
import { css } from 'goober'
import { toast } from '@/lib/toast'
import { useMonthlyUpdates, useSetMonthlyUpdates } from '../api/monthly-updates'

const card = css`
  background: var(--roots-surface);
  border-radius: 0.9rem;
  padding: clamp(1rem, 4vw, 2rem);
  margin-bottom: 1.25rem;
  h2 {
    margin-top: 0;
  }
  .check {
    display: flex;
    gap: 0.6rem;
    align-items: flex-start;
  }
  .check input {
    width: 1.4rem;
    height: 1.4rem;
    flex: none;
    margin-top: 0.1rem;
  }
  .check label {
    font-weight: 600;
  }
  .note {
    color: var(--roots-muted);
    margin: 0.5rem 0 0;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
`

export function MonthlyUpdatesToggle({ reference }: { reference: string }) {
  const setting = useMonthlyUpdates(reference)
  const change = useSetMonthlyUpdates(reference)
  // The box shows the change at once while it saves (set in the same event, so the controlled
  // input never flips back for a tick); a refused change falls back to what is stored.
  const [wanted, setWanted] = useState<boolean | null>(null)
  if (setting.data === null || setting.data === undefined) return null
  const on = wanted ?? setting.data
  return (
    <section className={card} aria-labelledby='monthly-title'>
      <h2 id='monthly-title'>Monthly updates</h2>
      <div className='check'>
        <input
          id='monthly-updates'
          type='checkbox'
          checked={on}
          aria-busy={change.isPending}
          aria-describedby='monthly-note'
          onChange={(e) => {
            if (change.isPending) return
            const next = e.target.checked
            setWanted(next)
            change.mutate(next, {
              onSuccess: (now) =>
                toast.success(now ? 'Monthly updates on: the first comes on the 1st.' : 'Monthly updates off.'),
              onError: (err) => toast.error(err.message),
              onSettled: () => setWanted(null),
            })
          }}
        />
        <label htmlFor='monthly-updates'>
          E-mail me once a month with my place in the queue and the estimated wait
        </label>
      </div>
      <p className='note' id='monthly-note' role='status'>
        {on
          ? 'On: on the 1st of each month we e-mail where you are, where you were the month before, and the estimate.'
          : 'Off: we e-mail you only when something happens to your place.'}
      </p>
      {change.isError && (
        <p className='error' role='alert'>
          {change.error.message}
        </p>
      )}
    </section>
  )
}
