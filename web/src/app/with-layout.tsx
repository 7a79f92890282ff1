// A page inside its named layout, with the loading state while its chunk arrives and, unless
// the page is bare, the app's query client.
import { css } from 'goober'
import { type ReactNode, Suspense } from 'react'
import { type PublicLayoutName, layouts } from './layouts/layouts'
import { QueryScope } from './query-scope'

const loading = css`
  padding: 2rem 1rem;
`

export function Loading() {
  return (
    <p role='status' className={loading}>
      Loading…
    </p>
  )
}

export function WithLayout({ name, bare, children }: { name: PublicLayoutName; bare?: boolean; children: ReactNode }) {
  const Layout = layouts[name]
  return (
    <Layout>
      <Suspense fallback={<Loading />}>{bare ? children : <QueryScope>{children}</QueryScope>}</Suspense>
    </Layout>
  )
}
