// /admin/waiting-list/process: choose a site and how many plots are free, preview who will be
// offered (queue order), make the offers, then watch replies and expiries. Expiring overdue
// offers passes each freed place to the next applicant, as a decline does. A round may target a
// category of applicant and/or a plot size (offers passed on stay in them); staff may extend an
// open offer's deadline with a reason (the applicant is e-mailed); admins set the site's decline
// rule (whether a first decline keeps the applicant's place).
import { css } from 'goober'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import {
  EmptyState,
  ErrorNotice,
  Field,
  fieldErrors,
  PageHeader,
  Status,
  toolbar,
  ConfirmDialog,
} from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useExpireOffers } from '../api/expire-offers'
import { useNextApplicants } from '../api/get-next-applicants'
import { isOfferStatus, type OfferStatus, useSiteOffers, type SiteOffer } from '../api/get-site-offers'
import { useSiteOptions } from '../api/get-site-options'
import { makeOffersSchema, useMakeOffers } from '../api/make-offers'
import { useWithdrawOffer } from '../api/withdraw-offer'
import { categoriesFor, useCategories } from '../api/get-categories'
import { DeclinePolicy } from '../components/DeclinePolicy'
import { ExtendOfferDialog } from '../components/ExtendOfferDialog'
import { useOfferExtensions } from '../api/extend-offer'
import { muted } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'
import { dateTime, numericDate } from '@/lib/dates'

const previewSection = css`
  margin-bottom: 2rem;
`
const offersHeader = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  justify-content: space-between;
`

type PlotSize = '' | 'half' | 'full'
const SIZE_LABEL = { half: 'Half plot', full: 'Full plot' } as const

const newKey = () => globalThis.crypto.randomUUID()

export function offerSummary(offers: SiteOffer[]): Record<OfferStatus, number> {
  const out = { offered: 0, accepted: 0, declined: 0, expired: 0, withdrawn: 0 }
  for (const o of offers) if (isOfferStatus(o.status)) out[o.status] += 1
  return out
}

export function AdminProcessRoute() {
  const sites = useSiteOptions()
  const [siteId, setSiteId] = useState('')
  const [count, setCount] = useState('1')
  const [respondDays, setRespondDays] = useState('7')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [categoryId, setCategoryId] = useState('')
  const [plotSize, setPlotSize] = useState<PlotSize>('')
  const [preview, setPreview] = useState<{
    siteId: number
    count: number
    categoryId: number | null
    plotSize: 'half' | 'full' | null
  } | null>(null)
  const [confirming, setConfirming] = useState(false)
  // One key per previewed round: a double submit returns the first result, never new offers.
  const [key, setKey] = useState(newKey)
  const site = siteId ? Number(siteId) : null
  const next = useNextApplicants(preview?.siteId ?? null, preview?.count ?? 0, {
    categoryId: preview?.categoryId ?? null,
    plotSize: preview?.plotSize ?? null,
  })
  const categories = useCategories()
  const siteCategories = useMemo(() => categoriesFor(categories.data ?? [], site), [categories.data, site])
  const categoryName = (id: number | null) =>
    id === null ? null : ((categories.data ?? []).find((c) => c.id === id)?.name ?? `Category ${id}`)
  const [extending, setExtending] = useState<SiteOffer | null>(null)
  const extensions = useOfferExtensions(site)
  /** The latest deadline change of each offer (the list is newest first). */
  const lastExtension = useMemo(() => {
    const m = new Map<number, { old_respond_by: string; cause: string; reason: string }>()
    for (const x of extensions.data ?? []) if (!m.has(x.offer_id)) m.set(x.offer_id, x)
    return m
  }, [extensions.data])
  const offers = useSiteOffers(site)
  const make = useMakeOffers()
  const expire = useExpireOffers()
  const withdraw = useWithdrawOffer()
  const [withdrawing, setWithdrawing] = useState<SiteOffer | null>(null)
  const summary = useMemo(() => offerSummary(offers.data ?? []), [offers.data])
  const siteName = sites.data?.sites.find((s) => s.id === site)?.location ?? ''
  usePageMeta('Process the waiting list')
  useEffect(() => {
    if (!siteId && sites.data?.sites.length === 1) setSiteId(String(sites.data.sites[0]!.id))
  }, [sites.data, siteId])

  const showPreview = (e: FormEvent) => {
    e.preventDefault()
    const parsed = makeOffersSchema.safeParse({
      siteId: site ?? 0,
      count: count.trim() === '' ? Number.NaN : Number(count),
      respondDays: respondDays.trim() === '' ? Number.NaN : Number(respondDays),
      key,
    })
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error.issues)
      setErrors(errs)
      toast.error(Object.values(errs)[0]!)
      return
    }
    setErrors({})
    setKey(newKey())
    setPreview({
      siteId: parsed.data.siteId,
      count: parsed.data.count,
      categoryId: categoryId ? Number(categoryId) : null,
      plotSize: plotSize || null,
    })
  }

  const confirmOffers = () => {
    if (!preview) return
    make.mutate(
      {
        siteId: preview.siteId,
        count: preview.count,
        respondDays: Number(respondDays),
        key,
        categoryId: preview.categoryId,
        plotSize: preview.plotSize,
      },
      {
        onSuccess: ({ offers: made, repeated }) => {
          setConfirming(false)
          setPreview(null)
          setKey(newKey())
          if (made.length === 0)
            toast.warning(
              preview.categoryId || preview.plotSize
                ? 'Nobody in that category is waiting: no offers made.'
                : 'Nobody is waiting at this site: no offers made.',
            )
          else
            toast.success(
              `${made.length} ${made.length === 1 ? 'offer' : 'offers'} made${repeated ? ' (already made earlier)' : ''}`,
            )
        },
        onError: (err) => {
          setConfirming(false)
          toast.error(err.message)
        },
      },
    )
  }

  return (
    <>
      <PageHeader title='Process the waiting list' />
      {sites.isPending && <Status>Loading your sites…</Status>}
      {sites.isError && <ErrorNotice title='You cannot process any waiting list' message={sites.error.message} />}
      {sites.data && sites.data.sites.length === 0 && (
        <EmptyState>You have no sites to manage. Ask an admin to assign you one.</EmptyState>
      )}
      {sites.data && sites.data.sites.length > 0 && (
        <form onSubmit={showPreview} noValidate className={toolbar} aria-label='Offer round'>
          <Field label='Site' error={errors.siteId}>
            <select
              value={siteId}
              onChange={(e) => {
                setSiteId(e.target.value)
                setCategoryId('')
                setPreview(null)
              }}
            >
              <option value=''>Choose a site…</option>
              {sites.data.sites.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.location} ({s.city})
                </option>
              ))}
            </select>
          </Field>
          <Field label='Free plots' error={errors.count}>
            <input
              inputMode='numeric'
              value={count}
              onChange={(e) => {
                setCount(e.target.value)
                setPreview(null)
              }}
            />
          </Field>
          <Field label='Days to reply' error={errors.respondDays}>
            <input inputMode='numeric' value={respondDays} onChange={(e) => setRespondDays(e.target.value)} />
          </Field>
          <Field label='Offer to category'>
            <select
              value={categoryId}
              onChange={(e) => {
                setCategoryId(e.target.value)
                setPreview(null)
              }}
            >
              <option value=''>Anyone waiting</option>
              {siteCategories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label='Plot size'>
            <select
              value={plotSize}
              onChange={(e) => {
                setPlotSize(e.target.value as PlotSize)
                setPreview(null)
              }}
            >
              <option value=''>Any size</option>
              <option value='half'>Half plot</option>
              <option value='full'>Full plot</option>
            </select>
          </Field>
          <button type='submit' className={buttonSecondary}>
            Preview
          </button>
        </form>
      )}

      {preview && (
        <section aria-labelledby='preview-title' className={previewSection}>
          <h2 id='preview-title'>Who will be offered a plot</h2>
          {next.isPending && <Status>Loading the queue…</Status>}
          {next.isError && <ErrorNotice message={next.error.message} />}
          {(preview.categoryId !== null || preview.plotSize) && (
            <p data-testid='offer-target'>
              Offering to:{' '}
              <strong>
                {[categoryName(preview.categoryId), preview.plotSize ? SIZE_LABEL[preview.plotSize] : null]
                  .filter(Boolean)
                  .join(', ')}
              </strong>
              . Offers passed on (declined or expired) stay with this choice.
            </p>
          )}
          {next.data && next.data.length === 0 && (
            <EmptyState>
              Nobody {preview.categoryId !== null || preview.plotSize ? 'in that category ' : ''}is waiting at{' '}
              {siteName}.
            </EmptyState>
          )}
          {next.data && next.data.length > 0 && (
            <>
              {next.data.length < preview.count && (
                <p role='status'>
                  Only {next.data.length} {next.data.length === 1 ? 'person is' : 'people are'} waiting, fewer than the{' '}
                  {preview.count} plots free.
                </p>
              )}
              <DataTable
                rows={next.data}
                head={[{ label: '#', num: true }, 'Name', 'Email', 'Waiting since']}
                label='Who will be offered a plot'
              >
                {(a, i) => (
                  <tr key={a.id}>
                    <td className='num'>{i + 1}</td>
                    <td>
                      {a.first_name} {a.last_name}
                    </td>
                    <td>{a.email}</td>
                    <td>{numericDate(a.joined_at)}</td>
                  </tr>
                )}
              </DataTable>
              <p>
                <button type='button' className={buttonPrimary} onClick={() => setConfirming(true)}>
                  Make {next.data.length} {next.data.length === 1 ? 'offer' : 'offers'}
                </button>
              </p>
            </>
          )}
        </section>
      )}

      {site !== null && (
        <section aria-labelledby='offers-title'>
          <div className={offersHeader}>
            <h2 id='offers-title'>Offers at {siteName}</h2>
            <button
              type='button'
              className={buttonSecondary}
              disabled={expire.isPending}
              onClick={() =>
                expire.mutate(site, {
                  onSuccess: ({ expired: n, offered }) =>
                    n === 0
                      ? toast.info('No offer is past its deadline.')
                      : toast.success(
                          `${n} ${n === 1 ? 'offer' : 'offers'} expired; ${offered.length} re-offered to the next in line`,
                        ),
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              Expire overdue offers and re-offer
            </button>
          </div>
          {site !== null && (
            <DeclinePolicy siteId={site} siteName={siteName} canEdit={sites.data?.role !== 'patch_manager'} />
          )}
          <p aria-live='polite'>
            Awaiting reply: <strong>{summary.offered}</strong> · accepted: <strong>{summary.accepted}</strong> ·
            declined: <strong>{summary.declined}</strong> · expired: <strong>{summary.expired}</strong>
          </p>
          {offers.isError && <ErrorNotice title='The offers could not be loaded' message={offers.error.message} />}
          {offers.data && offers.data.length === 0 && <EmptyState>No offers made at this site yet.</EmptyState>}
          <DataTable
            rows={offers.data}
            head={['Applicant', 'For', 'Status', 'Offered', 'Reply by', 'Replied', 'Actions']}
            label={`Offers at ${siteName}`}
          >
            {(o) => (
              <tr key={o.id}>
                <td>
                  {o.entry ? `${o.entry.first_name} ${o.entry.last_name}` : '—'}
                  <br />
                  <span className={muted}>{o.entry?.email}</span>
                </td>
                <td>
                  {[
                    categoryName(o.category_id),
                    o.plot_size === 'half' || o.plot_size === 'full' ? SIZE_LABEL[o.plot_size] : null,
                  ]
                    .filter(Boolean)
                    .join(', ') || 'Anyone'}
                </td>
                <td>{o.status === 'offered' && new Date(o.respond_by) < new Date() ? 'overdue' : o.status}</td>
                <td>{dateTime(o.offered_at)}</td>
                <td>
                  {dateTime(o.respond_by)}
                  {lastExtension.get(o.id) && (
                    <>
                      <br />
                      <span className={muted}>
                        extended from {dateTime(lastExtension.get(o.id)!.old_respond_by)} (
                        {lastExtension.get(o.id)!.cause === 'viewing'
                          ? 'viewing booked'
                          : lastExtension.get(o.id)!.reason}
                        )
                      </span>
                    </>
                  )}
                </td>
                <td>{o.responded_at ? dateTime(o.responded_at) : '—'}</td>
                <td>
                  {o.status === 'offered' && (
                    <button
                      type='button'
                      className={buttonSecondary}
                      aria-label={`Extend the deadline of the offer to ${o.entry?.first_name ?? ''} ${o.entry?.last_name ?? ''}`}
                      onClick={() => setExtending(o)}
                    >
                      Extend
                    </button>
                  )}
                  {o.status === 'offered' && (
                    <button
                      type='button'
                      className={buttonSecondary}
                      aria-label={`Withdraw the offer to ${o.entry?.first_name ?? ''} ${o.entry?.last_name ?? ''}`}
                      onClick={() => setWithdrawing(o)}
                    >
                      Withdraw
                    </button>
                  )}
                  {o.status === 'withdrawn' && site !== null && (
                    <button
                      type='button'
                      className={buttonSecondary}
                      disabled={make.isPending}
                      aria-label={`Re-offer the plot withdrawn from ${o.entry?.first_name ?? ''} ${o.entry?.last_name ?? ''}`}
                      onClick={() =>
                        make.mutate(
                          {
                            siteId: site,
                            count: 1,
                            respondDays: Number(respondDays) || 7,
                            key: `reoffer-${o.id}`,
                            categoryId: o.category_id,
                            plotSize: o.plot_size === 'half' || o.plot_size === 'full' ? o.plot_size : null,
                          },
                          {
                            onSuccess: ({ offers: made, repeated }) =>
                              made.length === 0
                                ? toast.warning('Nobody is waiting: the plot was not re-offered.')
                                : toast.success(
                                    repeated
                                      ? 'This plot was already re-offered'
                                      : 'Plot re-offered to the next in line',
                                  ),
                            onError: (e) => toast.error(e.message),
                          },
                        )
                      }
                    >
                      Re-offer
                    </button>
                  )}
                </td>
              </tr>
            )}
          </DataTable>
        </section>
      )}

      {extending && (
        <ExtendOfferDialog
          offer={{
            id: extending.id,
            respondBy: extending.respond_by,
            name: extending.entry ? `${extending.entry.first_name} ${extending.entry.last_name}` : 'the applicant',
          }}
          onClose={() => setExtending(null)}
        />
      )}
      {withdrawing && (
        <ConfirmDialog
          title='Withdraw this offer?'
          confirmLabel='Withdraw offer'
          busy={withdraw.isPending}
          onCancel={() => setWithdrawing(null)}
          onConfirm={() =>
            withdraw.mutate(withdrawing.id, {
              onSuccess: () => {
                toast.success('Offer withdrawn; the applicant keeps their place in the queue')
                setWithdrawing(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setWithdrawing(null)
              },
            })
          }
        >
          <p>
            {withdrawing.entry ? `${withdrawing.entry.first_name} ${withdrawing.entry.last_name}` : 'The applicant'}{' '}
            goes back to waiting with their original place. You can then re-offer the plot.
          </p>
        </ConfirmDialog>
      )}
      {confirming && preview && (
        <ConfirmDialog
          title='Make these offers?'
          confirmLabel='Make offers'
          busy={make.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmOffers}
        >
          <p>
            {next.data?.length ?? preview.count} {next.data?.length === 1 ? 'applicant' : 'applicants'} at {siteName}{' '}
            will be offered a plot, with {respondDays} days to reply. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
