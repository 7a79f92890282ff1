// Choosing the plot to inspect: type its number (the list narrows as you type; tap one), or open
// the site plan and tap it there. Built for a thumb: one column, large targets.
import { lazy, Suspense, useState } from 'react'
import { css } from 'goober'
import { statusLabel, type SitePlanData } from '@/components/site-plan/plan'
import { matchPlots } from '../api/get-site-plots'

const SitePlan = lazy(() => import('@/components/site-plan/SitePlan').then((m) => ({ default: m.SitePlan })))

const SHOWN = 24

const picker = css`
  display: grid;
  gap: 0.5rem;
  margin-bottom: 1rem;
  input {
    font: inherit;
    font-size: 1.1rem;
    padding: 0.6rem 0.75rem;
    border: 2px solid #6b766f;
    border-radius: 0.5rem;
    width: 100%;
    box-sizing: border-box;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr));
    gap: 0.5rem;
  }
  li button {
    width: 100%;
    min-height: 3rem;
    font: inherit;
    text-align: left;
    padding: 0.4rem 0.6rem;
    border: 2px solid var(--roots-primary);
    border-radius: 0.5rem;
    background: var(--roots-surface);
    color: var(--roots-text);
    cursor: pointer;
  }
  li button[aria-pressed='true'] {
    background: var(--roots-primary);
    color: #fff;
  }
  li button .n {
    display: block;
    font-weight: 700;
    font-size: 1.1rem;
  }
  li button .s {
    font-size: 0.8rem;
  }
  .more {
    font-size: 0.9rem;
    margin: 0;
  }
  details summary {
    cursor: pointer;
    font-weight: 600;
    padding: 0.5rem 0;
  }
`

export function PlotPicker({
  plan,
  selectedId,
  onSelect,
}: {
  plan: SitePlanData
  selectedId: number | null
  onSelect: (plotId: number) => void
}) {
  const [typed, setTyped] = useState('')
  const [planOpen, setPlanOpen] = useState(false)
  const matches = matchPlots(plan.plots, typed)
  const shown = matches.slice(0, SHOWN)
  return (
    <div className={picker}>
      <label htmlFor='plot-search'>Plot number</label>
      <input
        id='plot-search'
        type='search'
        inputMode='text'
        autoComplete='off'
        placeholder='Type a plot number, e.g. 14B'
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        aria-describedby='plot-search-count'
        onKeyDown={(e) => {
          if (e.key === 'Enter' && matches[0]) {
            e.preventDefault()
            onSelect(matches[0].id)
          }
        }}
      />
      <p id='plot-search-count' className='more' aria-live='polite'>
        {matches.length === 0
          ? 'No plot has that number at this site.'
          : matches.length > SHOWN
            ? `${matches.length} plots: the first ${SHOWN} are shown, type more of the number to narrow them.`
            : `${matches.length} plot${matches.length === 1 ? '' : 's'}`}
      </p>
      <ul aria-label='Plots'>
        {shown.map((p) => (
          <li key={p.id}>
            <button type='button' aria-pressed={p.id === selectedId} onClick={() => onSelect(p.id)}>
              <span className='n'>Plot {p.number}</span>
              <span className='s'>
                {statusLabel(p.status)}
                {p.holder ? ` · ${p.holder}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <details onToggle={(e) => setPlanOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Pick on the site plan</summary>
        {planOpen && (
          <Suspense fallback={<p>Loading the plan…</p>}>
            <SitePlan plan={plan} selectedId={selectedId} onSelect={onSelect} label='Site plan for inspections' />
          </Suspense>
        )}
      </details>
    </div>
  )
}
