// /admin/events (+ /create, /{id}): events per site with their places and published state;
// filter, search and page; create, edit, publish or withdraw, and delete after confirming.
import { useMemo, useState } from 'react'
import { DeleteConfirm, usePaged } from '@/components/admin/list-screen'
import { Link, useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { emptyEvent, type EventFormValues } from '../api/event-schema'
import { type AdminEvent, type EventFilters, useEvent, useEvents, useEventSites } from '../api/get-events'
import { useDeleteEvent, useSaveEvent } from '../api/save-event'
import { EventForm } from '../components/EventForm'
import { weekdayDateTime } from '@/lib/dates'

export const PAGE_SIZE = 20
const pad = (n: number) => String(n).padStart(2, '0')
const local = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export const eventToForm = (e: AdminEvent): EventFormValues => ({
  title: e.title,
  slug: e.slug,
  site_id: e.site_id === null ? '' : String(e.site_id),
  location: e.location ?? '',
  starts_at: local(e.starts_at),
  ends_at: local(e.ends_at),
  capacity: e.capacity === null ? '' : String(e.capacity),
  published: e.published,
  image_url: e.image_url,
  description: e.description ?? { type: 'doc', content: [] },
})

const errorOf = (e: unknown) =>
  (e as { code?: string }).code === '23505' ? 'Another event already uses this slug.' : (e as Error).message

export function AdminEventsRoute() {
  usePageMeta('Events')
  const sites = useEventSites()
  const [filters, setFilters] = useState<EventFilters>({ siteId: '', published: '', when: 'upcoming' })
  const [search, setSearch] = useState('')
  const events = useEvents(filters)
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase()
    return (events.data ?? []).filter(
      (e) => q === '' || `${e.title} ${e.location ?? ''} ${e.site?.location ?? ''}`.toLowerCase().includes(q),
    )
  }, [events.data, search])
  const { page, setPage, pages, shown } = usePaged(filtered, PAGE_SIZE, [filters, search])
  return (
    <>
      <PageHeader title='Events'>
        <Link href={`~${adminPaths.adminEventsCreate.getHref()}`} className={buttonPrimary}>
          New event
        </Link>
      </PageHeader>
      <div className={toolbar} role='search'>
        <Field label='Search events'>
          <input type='search' value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field label='Site'>
          <select value={filters.siteId} onChange={(e) => setFilters((f) => ({ ...f, siteId: e.target.value }))}>
            <option value=''>All sites</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Published'>
          <select
            value={filters.published}
            onChange={(e) => setFilters((f) => ({ ...f, published: e.target.value as EventFilters['published'] }))}
          >
            <option value=''>Published and drafts</option>
            <option value='published'>Published</option>
            <option value='draft'>Drafts</option>
          </select>
        </Field>
        <Field label='When'>
          <select
            value={filters.when}
            onChange={(e) => setFilters((f) => ({ ...f, when: e.target.value as EventFilters['when'] }))}
          >
            <option value='upcoming'>Upcoming</option>
            <option value='past'>Past</option>
          </select>
        </Field>
      </div>
      {events.isPending && <Status>Loading events…</Status>}
      {events.isError && <ErrorNotice title='The events could not be loaded' message={events.error.message} />}
      <DataTable
        rows={events.data && shown}
        head={['Event', 'When', 'Site', { label: 'Places', num: true }, 'State']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'event' : 'events'}
          </>
        }
        empty={
          <>
            No {filters.when} events{search ? ' match this search' : ''}.
          </>
        }
        pager={{ page, pages, onPage: setPage }}
      >
        {(e) => (
          <tr key={e.id}>
            <td>
              <Link href={`~${adminPaths.adminEvent.getHref({ id: String(e.id) })}`}>{e.title}</Link>
            </td>
            <td>{weekdayDateTime(e.starts_at)}</td>
            <td>{e.site?.location ?? e.location ?? '—'}</td>
            <td className='num'>{e.capacity ?? 'No limit'}</td>
            <td>{e.published ? 'Published' : 'Draft'}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}

export function AdminEventCreateRoute() {
  usePageMeta('New event')
  const [, navigate] = useLocation()
  const save = useSaveEvent()
  return (
    <>
      <PageHeader title='New event' />
      <EventForm
        initial={emptyEvent()}
        submitLabel='Create event'
        onCancel={() => navigate(`~${adminPaths.adminEvents.getHref()}`)}
        onSave={async (values) => {
          try {
            const id = await save.mutateAsync({ id: null, values })
            toast.success('Event created')
            navigate(`~${adminPaths.adminEvent.getHref({ id: String(id) })}`)
            return null
          } catch (e) {
            return errorOf(e)
          }
        }}
      />
    </>
  )
}

export function AdminEventRoute({ id }: { id: string }) {
  usePageMeta('Event')
  const [, navigate] = useLocation()
  const event = useEvent(Number(id))
  const save = useSaveEvent()
  const remove = useDeleteEvent()
  const [deleting, setDeleting] = useState(false)
  if (event.isPending) return <Status>Loading the event…</Status>
  if (event.isError) return <ErrorNotice title='The event could not be loaded' message={event.error.message} />
  const e = event.data
  if (!e)
    return (
      <>
        <PageHeader title='Event' />
        <EmptyState>There is no event {id}.</EmptyState>
      </>
    )
  const publish = () =>
    save.mutate(
      { id: e.id, values: { ...eventToForm(e), published: !e.published } },
      {
        onSuccess: () => toast.success(e.published ? 'Event withdrawn from the public site' : 'Event published'),
        onError: (err) => toast.error(errorOf(err)),
      },
    )
  return (
    <>
      <PageHeader title={e.title}>
        <button type='button' className={buttonSecondary} disabled={save.isPending} onClick={publish}>
          {e.published ? 'Withdraw' : 'Publish'}
        </button>
        <button type='button' className={buttonSecondary} onClick={() => setDeleting(true)}>
          Delete event
        </button>
      </PageHeader>
      <p>
        {e.published ? 'Published' : 'Draft'} · {weekdayDateTime(e.starts_at)} ·{' '}
        {e.capacity === null ? 'no limit on places' : `${e.capacity} places`}
      </p>
      <EventForm
        key={`${e.id}-${e.published}`}
        initial={eventToForm(e)}
        submitLabel='Save event'
        onCancel={() => navigate(`~${adminPaths.adminEvents.getHref()}`)}
        onSave={async (values) => {
          try {
            await save.mutateAsync({ id: e.id, values })
            toast.success('Event saved')
            return null
          } catch (err) {
            return errorOf(err)
          }
        }}
      />
      {deleting && (
        <DeleteConfirm
          title={`Delete ${e.title}?`}
          remove={remove}
          id={e.id}
          done='Event deleted'
          onClose={(deleted) => (deleted ? navigate(`~${adminPaths.adminEvents.getHref()}`) : setDeleting(false))}
        >
          <p>The event disappears from the public site and cannot be brought back.</p>
        </DeleteConfirm>
      )}
    </>
  )
}
