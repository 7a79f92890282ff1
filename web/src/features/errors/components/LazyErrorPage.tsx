// The error page's code loads when an error is shown, not with every first load. If that
// load fails too (offline, or a deployment removed the chunk), a plain message stands in.
import { lazy, Suspense } from 'react'
import { NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE } from '@/lib/errors/http-error'
import type { ErrorPageProps } from './ErrorPage'

function PlainErrorPage({ status = 500, statusMessage }: ErrorPageProps) {
  return (
    <section role='alert'>
      <h1>
        {status} {statusMessage || (status === 404 ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE)}
      </h1>
      <p>Please check your connection and reload the page.</p>
    </section>
  )
}

const ErrorPage = lazy(() =>
  import('./ErrorPage').then(
    (m) => ({ default: m.ErrorPage }),
    () => ({ default: PlainErrorPage }),
  ),
)

export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  )
}
