// What the privacy notice and the cookie policy share: a readable column, a contents list, the
// "to complete" marker for what the company must still fill in before going live, and the
// per-form sections as description lists (no wide tables: fine at 360 px).
import type { ReactNode } from 'react'
import { css } from 'goober'
import { usePageMeta } from '@/lib/page-meta'

const legalPage = css`
  max-width: 46rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  h2 {
    margin: 2.25rem 0 0.75rem;
    font-size: 1.4rem;
    scroll-margin-top: 1rem;
  }
  h3 {
    margin: 1.5rem 0 0.5rem;
    font-size: 1.1rem;
  }
  .lead {
    font-size: 1.1rem;
  }
  .updated {
    color: var(--roots-muted);
  }
  .contents {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1rem 1.25rem;
  }
  .contents h2 {
    margin: 0 0 0.5rem;
    font-size: 1.1rem;
  }
  .contents ol {
    margin: 0;
    padding-left: 1.25rem;
    columns: 2 14rem;
  }
  .contents li {
    padding: 0.15rem 0;
  }
  .kind {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.75rem;
    padding: 0.25rem 1.1rem 0.75rem;
    margin: 0 0 1rem;
  }
  .kind dl {
    margin: 0;
  }
  .kind dt {
    font-weight: 700;
    margin-top: 0.6rem;
  }
  .kind dd {
    margin: 0.1rem 0 0;
  }
  .todo {
    background: #fff3d6;
    color: #3d2800;
    border: 1px dashed #8a5300;
    border-radius: 0.3rem;
    padding: 0 0.3rem;
    font-weight: 600;
  }
  .storage {
    list-style: none;
    padding: 0;
  }
  code {
    font-size: 0.95em;
    background: #eef2ee;
    padding: 0.05rem 0.3rem;
    border-radius: 0.25rem;
    overflow-wrap: anywhere;
  }
  address {
    font-style: normal;
  }
`

/** Marks what Roots Allotments Ltd must fill in or confirm before the notice goes live. */
export function ToComplete({ children }: { children: ReactNode }) {
  return <span className='todo'>[to complete: {children}]</span>
}

export interface KindProps {
  id: string
  title: string
  rows: ReadonlyArray<readonly [term: string, detail: ReactNode]>
}

/** One kind of data: what, why, on what lawful basis, how long, who else sees it. */
export function Kind({ id, title, rows }: KindProps) {
  return (
    <section className='kind' aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <dl>
        {rows.map(([term, detail]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export interface ContentsEntry {
  id: string
  title: string
}

export function Contents({ entries }: { entries: readonly ContentsEntry[] }) {
  return (
    <nav className='contents' aria-labelledby='contents-title'>
      <h2 id='contents-title'>Contents</h2>
      <ol>
        {entries.map((e) => (
          <li key={e.id}>
            <a href={`#${e.id}`}>{e.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

export interface LegalPageProps {
  id: string
  title: string
  description: string
  lead: ReactNode
  children: ReactNode
}

/** A legal page: its title (also the document's), the lead paragraph, then the sections. */
export function LegalPage({ id, title, description, lead, children }: LegalPageProps) {
  usePageMeta(title, description)
  return (
    <article className={legalPage} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p className='lead'>{lead}</p>
      {children}
    </article>
  )
}
