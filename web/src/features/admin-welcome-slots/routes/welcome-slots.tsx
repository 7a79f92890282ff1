// /admin/welcome-slots (+ /create, /{id}, /{id}/edit): slots per site with places booked;
// create and edit; a slot's bookings, each cancellable after a confirmation; cancelling the
// whole slot e-mails every booked guest (through the bookings function).
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { routeValidationError } from '@/lib/errors/http-error'
import { toast } from '@/lib/toast'
import { type Booking, useSlot } from '../api/get-slot'
import { useSlotSites } from '../api/get-sites'
import { type SlotFilters, SLOTS_PAGE_SIZE, useSlots } from '../api/get-slots'
import { useCancelBooking } from '../api/cancel-booking'
import { cancelSlotMessage, useCancelSlot } from '../api/cancel-slot'
import { CancelSlotDialog } from '../components/CancelSlotDialog'
import { useSaveSlot } from '../api/save-slot'
import { emptySlot, slotToForm } from '../api/slot-schema'
import { SlotForm } from '../components/SlotForm'
import { breakAll } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'
import { weekdayDateTime } from '@/lib/dates'

/** A slot id from the path; anything but a positive whole number is 404 'Page Not Found: {path}'. */
export function slotIdParam(id: string, path: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(id)) throw routeValidationError(path)
  return Number(id)
}

export function AdminWelcomeSlotsRoute() {
  usePageMeta('Welcome slots')
  const sites = useSlotSites()
  const [filters, setFilters] = useState<SlotFilters>({ siteId: '', when: 'upcoming', status: 'all' })
  const [page, setPage] = useState(0)
  const filter = (change: Partial<SlotFilters>) => {
    setFilters((f) => ({ ...f, ...change }))
    setPage(0)
  }
  const slots = useSlots(filters, page)
  const rows = slots.data?.rows
  return (
    <>
      <PageHeader title='Welcome slots'>
        <Link href={`~${adminPaths.adminWelcomeSlotsCreate.getHref()}`} className={buttonPrimary}>
          New welcome slot
        </Link>
      </PageHeader>
      <div className={toolbar}>
        <Field label='Site'>
          <select value={filters.siteId} onChange={(e) => filter({ siteId: e.target.value })}>
            <option value=''>All sites</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label='When'>
          <select value={filters.when} onChange={(e) => filter({ when: e.target.value as SlotFilters['when'] })}>
            <option value='upcoming'>Upcoming</option>
            <option value='past'>Past</option>
          </select>
        </Field>
        <Field label='Status'>
          <select value={filters.status} onChange={(e) => filter({ status: e.target.value as SlotFilters['status'] })}>
            <option value='all'>Open and cancelled</option>
            <option value='open'>Open</option>
            <option value='cancelled'>Cancelled</option>
          </select>
        </Field>
      </div>
      {slots.isPending && <Status>Loading welcome slots…</Status>}
      {slots.isError && <ErrorNotice title='The welcome slots could not be loaded' message={slots.error.message} />}
      <DataTable
        rows={rows}
        head={['When', 'Site', { label: 'Booked', num: true }, { label: 'Places', num: true }, 'Status', 'Actions']}
        label='Welcome slots'
        pager={
          slots.data && { page, pages: Math.max(1, Math.ceil(slots.data.total / SLOTS_PAGE_SIZE)), onPage: setPage }
        }
        empty={
          <>
            No {filters.status === 'all' ? '' : `${filters.status} `}
            {filters.when} welcome slots.
          </>
        }
      >
        {(s) => (
          <tr key={s.id}>
            <td>
              {weekdayDateTime(s.starts_at)} ({s.duration_minutes} min)
            </td>
            <td>{s.site?.location ?? s.site_id}</td>
            <td className='num'>{s.booked_count}</td>
            <td className='num'>{s.capacity}</td>
            <td>{s.cancelled_at ? 'Cancelled' : 'Open'}</td>
            <td>
              <Link
                href={`~${adminPaths.adminWelcomeSlot.getHref({ id: String(s.id) })}`}
                aria-label={`Open the slot of ${weekdayDateTime(s.starts_at)} at ${s.site?.location ?? ''}`}
              >
                Open
              </Link>
            </td>
          </tr>
        )}
      </DataTable>
    </>
  )
}

export function AdminWelcomeSlotCreateRoute() {
  usePageMeta('New welcome slot')
  const [, navigate] = useLocation()
  const save = useSaveSlot()
  return (
    <>
      <PageHeader title='New welcome slot' />
      <SlotForm
        initial={emptySlot()}
        booked={0}
        submitLabel='Create slot'
        onCancel={() => navigate(`~${adminPaths.adminWelcomeSlots.getHref()}`)}
        onSave={async (values) => {
          try {
            const id = await save.mutateAsync({ id: null, values, booked: 0 })
            toast.success('Welcome slot created')
            navigate(`~${adminPaths.adminWelcomeSlot.getHref({ id: String(id) })}`)
            return null
          } catch (e) {
            return (e as Error).message
          }
        }}
      />
    </>
  )
}

export function AdminWelcomeSlotEditRoute({ id }: { id: string }) {
  const slotId = slotIdParam(id, adminPaths.adminWelcomeSlotEdit.getHref({ id }))
  usePageMeta('Edit welcome slot')
  const [, navigate] = useLocation()
  const slot = useSlot(slotId)
  const save = useSaveSlot()
  if (slot.isPending) return <Status>Loading the slot…</Status>
  if (slot.isError) return <ErrorNotice message={slot.error.message} />
  const s = slot.data.slot
  if (!s) return <EmptyState>There is no welcome slot {id}.</EmptyState>
  const back = () => navigate(`~${adminPaths.adminWelcomeSlot.getHref({ id })}`)
  if (s.cancelled_at) {
    return (
      <>
        <PageHeader title='Edit welcome slot' />
        <EmptyState>
          This welcome slot was cancelled and cannot be changed.{' '}
          <Link href={`~${adminPaths.adminWelcomeSlot.getHref({ id })}`}>Back to the slot</Link>
        </EmptyState>
      </>
    )
  }
  return (
    <>
      <PageHeader title='Edit welcome slot' />
      <SlotForm
        initial={slotToForm(s)}
        booked={s.booked_count}
        submitLabel='Save slot'
        onCancel={back}
        onSave={async (values) => {
          try {
            await save.mutateAsync({ id: s.id, values, booked: s.booked_count })
            toast.success('Welcome slot saved')
            back()
            return null
          } catch (e) {
            return (e as Error).message
          }
        }}
      />
    </>
  )
}

export function AdminWelcomeSlotRoute({ id }: { id: string }) {
  const slot = useSlot(slotIdParam(id, adminPaths.adminWelcomeSlot.getHref({ id })))
  const cancel = useCancelBooking()
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  const [cancellingSlot, setCancellingSlot] = useState(false)
  const resend = useCancelSlot()
  usePageMeta('Welcome slot')
  if (slot.isPending) return <Status>Loading the slot…</Status>
  if (slot.isError) return <ErrorNotice title='The slot could not be loaded' message={slot.error.message} />
  const s = slot.data.slot
  if (!s)
    return (
      <>
        <PageHeader title='Welcome slot' />
        <EmptyState>There is no welcome slot {id}.</EmptyState>
      </>
    )
  const bookings = slot.data.bookings
  const title = `${s.site?.location ?? 'Site'}: ${weekdayDateTime(s.starts_at)}`
  const open = !s.cancelled_at && new Date(s.starts_at).getTime() > Date.now()
  return (
    <>
      <PageHeader title={title}>
        {!s.cancelled_at && (
          <Link href={`~${adminPaths.adminWelcomeSlotEdit.getHref({ id })}`} className={buttonSecondary}>
            Edit slot
          </Link>
        )}
        {open && (
          <button type='button' className={buttonSecondary} onClick={() => setCancellingSlot(true)}>
            Cancel slot
          </button>
        )}
      </PageHeader>
      {s.cancelled_at && (
        <p role='status' data-testid='slot-cancelled'>
          <strong>Cancelled</strong> on {weekdayDateTime(s.cancelled_at)}
          {s.cancel_reason ? `: ${s.cancel_reason}` : ''}. Its guests were e-mailed.
        </p>
      )}
      {s.cancelled_at && (
        <p>
          <button
            type='button'
            className={buttonSecondary}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { slotId: s.id, reason: '' },
                { onSuccess: (r) => toast.success(cancelSlotMessage(r)), onError: (e) => toast.error(e.message) },
              )
            }
          >
            {resend.isPending ? 'Sending…' : 'Send any cancellation e-mails that failed'}
          </button>
        </p>
      )}
      <p>
        {s.booked_count} of {s.capacity} places booked · {s.duration_minutes} minutes{s.notes ? ` · ${s.notes}` : ''}
      </p>
      <h2>Bookings</h2>
      <DataTable
        rows={bookings}
        head={['Name', 'Email', 'Phone', 'Status', 'Actions']}
        label='Bookings'
        empty='No bookings yet.'
      >
        {(b) => (
          <tr key={b.id}>
            <td>{b.name}</td>
            <td className={breakAll}>{b.email}</td>
            <td>{b.phone ?? '—'}</td>
            <td>{b.status}</td>
            <td>
              {b.status === 'booked' && (
                <button
                  type='button'
                  className={buttonSecondary}
                  aria-label={`Cancel the booking of ${b.name}`}
                  onClick={() => setCancelling(b)}
                >
                  Cancel booking
                </button>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      {cancelling && (
        <ConfirmDialog
          title={`Cancel ${cancelling.name}’s booking?`}
          confirmLabel='Cancel booking'
          busy={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            cancel.mutate(cancelling.id, {
              onSuccess: (r) => {
                if (!r.cancelled) toast.info('That booking was already cancelled')
                else if (r.notified > 0) toast.success(`Booking cancelled: ${cancelling.name} e-mailed`)
                else
                  toast.warning(
                    `Booking cancelled, but the e-mail failed: tell ${cancelling.name} at ${cancelling.email}`,
                  )
                setCancelling(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setCancelling(null)
              },
            })
          }
        >
          <p>
            The place frees up for someone else, and {cancelling.name} is e-mailed at {cancelling.email} that their
            booking is cancelled.
          </p>
        </ConfirmDialog>
      )}
      {cancellingSlot && (
        <CancelSlotDialog
          slotId={s.id}
          title={title}
          booked={s.booked_count}
          onClose={() => setCancellingSlot(false)}
        />
      )}
    </>
  )
}
