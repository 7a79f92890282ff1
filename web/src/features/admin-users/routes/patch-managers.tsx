// /admin/patch-managers: which sites each patch manager works; assign and remove (confirmed).
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { ConfirmDialog, EmptyState, ErrorNotice, Field, PageHeader, Status } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useAssignSite } from '../api/assign-site'
import { type PatchManager, usePatchManagers } from '../api/get-patch-managers'
import { useUnassignSite } from '../api/unassign-site'
import { spaced } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'

const card = css`
  background: var(--roots-surface);
  border: 1px solid #d9ddd9;
  border-radius: 0.5rem;
  padding: 1rem;
  margin-bottom: 1rem;
  /* A manager without a name is shown by e-mail: a long address wraps instead of widening the page. */
  overflow-wrap: anywhere;
  min-width: 0;
  .add > * {
    min-width: 0;
    max-width: 100%;
  }
  select {
    max-width: 100%;
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.15rem;
  }
  .email {
    margin: 0 0 0.75rem;
    color: var(--roots-muted);
  }
  ul {
    padding-left: 1.25rem;
  }
  li {
    margin-bottom: 0.25rem;
  }
  li .small {
    min-height: 2.25rem;
    padding: 0.25rem 0.75rem;
  }
  .add {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: end;
  }
`

function Manager({ pm, sites }: { pm: PatchManager; sites: Array<{ id: number; location: string; city: string }> }) {
  const [siteId, setSiteId] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [removing, setRemoving] = useState<number | null>(null)
  const assign = useAssignSite()
  const unassign = useUnassignSite()
  const name = (id: number) => sites.find((s) => s.id === id)?.location ?? `Site ${id}`
  const free = sites.filter((s) => !pm.siteIds.includes(s.id))
  const add = (e: FormEvent) => {
    e.preventDefault()
    if (!siteId) {
      setError('Choose a site.')
      toast.error('Choose a site to assign.')
      return
    }
    setError(undefined)
    assign.mutate(
      { userId: pm.id, siteId: Number(siteId) },
      {
        onSuccess: () => {
          toast.success(`${name(Number(siteId))} assigned`)
          setSiteId('')
        },
        onError: (err) => {
          setError(err.message)
          toast.error(err.message)
        },
      },
    )
  }
  const label = pm.full_name ?? pm.email ?? pm.id
  return (
    <section aria-labelledby={`pm-${pm.id}`} className={card}>
      <h2 id={`pm-${pm.id}`}>{label}</h2>
      <p className='email'>{pm.email}</p>
      {pm.siteIds.length === 0 ? (
        <p>No sites yet.</p>
      ) : (
        <ul>
          {pm.siteIds.map((id) => (
            <li key={id}>
              {name(id)}{' '}
              <button
                type='button'
                className={`${buttonSecondary} small`}
                aria-label={`Remove ${name(id)} from ${label}`}
                onClick={() => setRemoving(id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className='add'>
        <Field label={`Add a site for ${label}`} error={error}>
          <select value={siteId} onChange={(e) => setSiteId(e.target.value)}>
            <option value=''>Choose a site…</option>
            {free.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location} ({s.city})
              </option>
            ))}
          </select>
        </Field>
        <button type='submit' className={`${buttonPrimary} ${spaced}`} disabled={assign.isPending}>
          Assign
        </button>
      </form>
      {removing !== null && (
        <ConfirmDialog
          title={`Remove ${name(removing)}?`}
          confirmLabel='Remove'
          busy={unassign.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            unassign.mutate(
              { userId: pm.id, siteId: removing },
              {
                onSuccess: () => {
                  toast.success('Site removed')
                  setRemoving(null)
                },
                onError: (e) => {
                  toast.error(e.message)
                  setRemoving(null)
                },
              },
            )
          }
        >
          <p>
            {label} will no longer see or work the waiting list of {name(removing)}.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}

export function AdminPatchManagersRoute() {
  const data = usePatchManagers()
  usePageMeta('Patch managers')
  return (
    <>
      <PageHeader title='Patch managers' />
      <p>Give someone the Patch Manager role on the Users page, then assign their sites here.</p>
      {data.isPending && <Status>Loading patch managers…</Status>}
      {data.isError && <ErrorNotice title='The patch managers could not be loaded' message={data.error.message} />}
      {data.data && data.data.managers.length === 0 && <EmptyState>Nobody has the Patch Manager role yet.</EmptyState>}
      {data.data?.managers.map((pm) => (
        <Manager key={pm.id} pm={pm} sites={data.data.sites} />
      ))}
    </>
  )
}
