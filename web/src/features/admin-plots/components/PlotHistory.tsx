// A plot's history, newest first: what changed and when.
import { ErrorNotice, Status } from '@/components/admin/ui'
import { describeChange, usePlotHistory } from '../api/get-plot-history'
import { when } from './when'

export function PlotHistory({ siteId, plotId, number }: { siteId: number; plotId: number; number: string }) {
  const history = usePlotHistory(siteId, plotId)
  if (history.isPending) return <Status>Loading the history…</Status>
  if (history.isError) return <ErrorNotice title='The history could not be loaded' message={history.error.message} />
  return (
    <ol aria-label={`History of plot ${number}`} data-testid='plot-history'>
      {history.data.map((h) => (
        <li key={h.id}>
          <time dateTime={h.created_at}>{when(h.created_at)}</time>: {describeChange(h)}
        </li>
      ))}
    </ol>
  )
}
