// What staff do with the plot chosen on the plan or in the register: mark it ready, being
// prepared or out of use (with an optional note), offer it to the next applicant it fits and say
// who that is, change its details, and read its history. A plot under offer or let is moved only
// by its offer or tenancy, and the panel says so instead of offering buttons that would fail.
import { css } from 'goober'
import { useState } from 'react'
import { ConfirmDialog, ErrorNotice, Field } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { type PlanPlot, plotDescription, statusLabel } from '@/components/site-plan/plan'
import type { PlotOfferMade } from '../api/offer-plot'
import { useOfferPlot } from '../api/offer-plot'
import { getPlot, useSavePlot } from '../api/save-plot'
import type { PlotValues } from '../api/plot-schema'
import { type StaffStatus, useSetPlotStatus } from '../api/set-plot-status'
import { PlotForm } from './PlotForm'
import { PlotHistory } from './PlotHistory'
import { when } from './when'

const panel = css`
  display: grid;
  gap: 0.75rem;
  padding: 1rem;
  border: 2px solid #111;
  border-radius: 0.6rem;
  background: var(--roots-surface);
  overflow-wrap: anywhere;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
  p {
    margin: 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .row > * {
    flex: 1 1 8rem;
    min-width: 0;
  }
  ol {
    margin: 0;
    padding-left: 1.25rem;
  }
`

const MOVES: { to: StaffStatus; label: string }[] = [
  { to: 'vacant', label: 'Mark ready' },
  { to: 'preparing', label: 'Being prepared' },
  { to: 'out_of_use', label: 'Out of use' },
]

export function ChosenPlot({ siteId, plot }: { siteId: number; plot: PlanPlot }) {
  const setStatus = useSetPlotStatus(siteId)
  const offer = useOfferPlot(siteId)
  const save = useSavePlot(siteId)
  const [note, setNote] = useState('')
  const [asking, setAsking] = useState(false)
  const [offered, setOffered] = useState<PlotOfferMade | null>(null)
  const [editing, setEditing] = useState<PlotValues | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [history, setHistory] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const busy = setStatus.isPending || offer.isPending
  const held = plot.status === 'offered' || plot.status === 'let'
  const error = setStatus.error ?? offer.error

  const move = (to: StaffStatus) => {
    setDone(null)
    setOffered(null)
    offer.reset()
    setStatus.mutate(
      { plotId: plot.id, status: to, note },
      {
        onSuccess: () => {
          setNote('')
          setDone(`Plot ${plot.number} is now ${statusLabel(to).toLowerCase()}.`)
        },
      },
    )
  }
  const makeOffer = () => {
    setDone(null)
    setStatus.reset()
    offer.mutate(plot.id, {
      onSuccess: (made) => setOffered(made),
      onSettled: () => setAsking(false),
    })
  }
  const edit = async () => {
    setLoadError(null)
    try {
      setEditing(await getPlot(plot.id))
    } catch (e) {
      setLoadError((e as Error).message)
    }
  }

  return (
    <section className={panel} aria-labelledby='chosen-title' data-testid='chosen-panel'>
      <h2 id='chosen-title'>Plot {plot.number}</h2>
      <p>
        <strong>{statusLabel(plot.status)}</strong>. {plotDescription(plot)}.
        {plot.holder ? ` Held by ${plot.holder}${plot.let_since ? ` since ${when(plot.let_since, false)}` : ''}.` : ''}
      </p>
      {held ? (
        <p>
          Plot {plot.number} is {plot.status === 'let' ? 'let' : 'under offer'}: only its{' '}
          {plot.status === 'let' ? 'tenancy' : 'offer'} can change that. It returns to being prepared when the
          membership ends{plot.status === 'offered' ? ', or to ready if the offer is declined or runs out' : ''}.
        </p>
      ) : (
        <>
          <Field label='Note for the history (optional)' hint='Why its status changes, such as "cleared and dug".'>
            <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
          </Field>
          <div className='row'>
            {MOVES.filter((m) => m.to !== plot.status).map((m) => (
              <button key={m.to} type='button' className={buttonSecondary} disabled={busy} onClick={() => move(m.to)}>
                {m.label}
              </button>
            ))}
            {plot.status !== 'out_of_use' && (
              <button type='button' className={buttonPrimary} disabled={busy} onClick={() => setAsking(true)}>
                Offer this plot
              </button>
            )}
          </div>
        </>
      )}
      {done && <p role='status'>{done}</p>}
      {offered && (
        <p role='status' data-testid='offer-made'>
          Plot {plot.number} is offered to <strong>{offered.to}</strong>, who has until {when(offered.respondBy, false)}{' '}
          to answer.{' '}
          {offered.told
            ? 'The offer e-mail is on its way.'
            : 'The offer e-mail could not be sent just now; it goes out within a few minutes.'}
        </p>
      )}
      {error && <ErrorNotice title={`Plot ${plot.number} was not changed`} message={error.message} />}
      <div className='row'>
        <button type='button' className={buttonSecondary} onClick={() => void edit()} aria-expanded={!!editing}>
          Edit details
        </button>
        <button type='button' className={buttonSecondary} onClick={() => setHistory((h) => !h)} aria-expanded={history}>
          {history ? 'Hide history' : 'Show history'}
        </button>
      </div>
      {loadError && <ErrorNotice title='The plot could not be loaded' message={loadError} />}
      {editing && (
        <PlotForm
          key={plot.id}
          initial={editing}
          submitLabel='Save plot'
          onCancel={() => setEditing(null)}
          onSave={async (values) => {
            try {
              await save.mutateAsync({ id: plot.id, values })
              setEditing(null)
              setDone(`Plot ${values.number.trim()} is saved.`)
              return null
            } catch (e) {
              return (e as Error).message
            }
          }}
        />
      )}
      {history && <PlotHistory siteId={siteId} plotId={plot.id} number={plot.number} />}
      {asking && (
        <ConfirmDialog
          title={`Offer plot ${plot.number}?`}
          confirmLabel='Offer this plot'
          busy={offer.isPending}
          onConfirm={makeOffer}
          onCancel={() => setAsking(false)}
        >
          <p>
            It goes to the first applicant on this site's waiting list that a {plot.size} plot fits, who is e-mailed and
            has 7 days to answer.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}
