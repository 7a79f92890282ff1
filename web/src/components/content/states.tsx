// The states every content page shares: loading, nothing to show, a failed read (with a retry),
// an unknown slug (the app's not-found page), and the page chrome (title, lead, cards) in one class.
import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { css } from 'goober'
import { Link } from 'wouter'
import { buttonSecondary } from '@/components/styles'
import { HttpError } from '@/lib/errors/http-error'

export const contentPage = css`
  h1 {
    color: var(--roots-primary);
    margin: 0.25rem 0 0.75rem;
    font-size: clamp(1.8rem, 5vw, 2.6rem);
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  .lead {
    font-size: 1.15rem;
    max-width: 42rem;
    margin: 0 0 1.5rem;
  }
  .meta {
    color: var(--roots-muted);
    margin: 0 0 1rem;
  }
  .cards {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1.25rem;
    display: grid;
    gap: 0.5rem;
    align-content: start;
  }
  .card h2,
  .card h3 {
    margin: 0;
    font-size: 1.2rem;
    line-height: 1.3;
  }
  .card p {
    margin: 0;
  }
  .panel {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    max-width: 42rem;
    margin: 1.5rem 0;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .back {
    display: inline-block;
    margin-bottom: 0.5rem;
  }
`

export function Loading({ what }: { what: string }) {
  return <p role='status'>Loading {what}…</p>
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className='panel' role='status'>
      {children}
    </div>
  )
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className='panel' role='alert'>
      <p className='error'>We could not load {what} just now.</p>
      <p>
        <button type='button' className={buttonSecondary} onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  )
}

export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className='back'>
      ← {children}
    </Link>
  )
}

/** One item by its slug: loading, a failed read, 404 'Page not found' when there is none, else the item. */
export function ItemView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T | null>
  what: string
  children: (item: T) => ReactNode
}) {
  if (query.isPending) return <Loading what={what} />
  if (query.isError) return <LoadFailed what={what} onRetry={() => void query.refetch()} />
  if (query.data === null) throw new HttpError(404, 'Page not found')
  return <>{children(query.data)}</>
}

/** A list: loading, a failed read, the empty state when there are no rows, else the rows. */
export function ListView<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<readonly T[]>
  what: string
  empty: ReactNode
  children: (rows: readonly T[]) => ReactNode
}) {
  if (query.isPending) return <Loading what={what} />
  if (query.isError) return <LoadFailed what={what} onRetry={() => void query.refetch()} />
  if (query.data.length === 0) return <EmptyState>{empty}</EmptyState>
  return <>{children(query.data)}</>
}
