// The site's decline rule on the offers page: whether an applicant's first decline keeps their
// place in the queue (they go back to waiting with their original date) or removes them from the
// list. Admins change it; patch managers see it. Applicants are told which applies on the offer.
import { useEffect, useState } from 'react'
import { Field, Status } from '@/components/admin/ui'
import { muted } from '@/components/admin/styles'
import { buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useDeclinePolicy, useSetDeclinePolicy } from '../api/site-decline-policy'

export function DeclinePolicy({ siteId, siteName, canEdit }: { siteId: number; siteName: string; canEdit: boolean }) {
  const policy = useDeclinePolicy(siteId)
  const save = useSetDeclinePolicy()
  const [keeps, setKeeps] = useState(false)
  useEffect(() => {
    if (policy.data !== undefined) setKeeps(policy.data)
  }, [policy.data])
  if (policy.isPending) return <Status>Loading the decline rule…</Status>
  if (policy.isError)
    return (
      <p className='error' role='alert'>
        {policy.error.message}
      </p>
    )
  const describe = (on: boolean) =>
    on
      ? "A first decline keeps the applicant's place in the queue; a second removes them from the list."
      : 'Declining an offer removes the applicant from the list.'
  if (!canEdit)
    return (
      <p data-testid='decline-rule'>
        <strong>Decline rule at {siteName}:</strong> {describe(policy.data)}
      </p>
    )
  return (
    <form
      className='panel'
      aria-label={`Decline rule at ${siteName}`}
      data-testid='decline-rule'
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(
          { siteId, keepsPlace: keeps },
          {
            onSuccess: (on) => toast.success(`Decline rule saved: ${describe(on)}`),
            onError: (err) => toast.error(err.message),
          },
        )
      }}
    >
      <Field label="A first decline keeps the applicant's place" checkbox>
        <input type='checkbox' checked={keeps} onChange={(e) => setKeeps(e.target.checked)} />
      </Field>
      <p className={muted}>{describe(keeps)} Applicants are told which applies on their offer.</p>
      <button type='submit' className={buttonSecondary} disabled={save.isPending || keeps === policy.data}>
        {save.isPending ? 'Saving…' : 'Save the decline rule'}
      </button>
    </form>
  )
}
