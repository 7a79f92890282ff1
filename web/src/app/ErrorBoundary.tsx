// Route errors: reported (unless 300–499), then the error page in the default layout. Bot-like user agents skip the
// error page; their error is only reported. Navigating elsewhere clears the error.
import { Component, type ReactNode } from 'react'
import { LazyErrorPage as ErrorPage } from '@/features/errors/components/LazyErrorPage'
import { HttpError, isBotUserAgent, statusOf } from '@/lib/errors/http-error'
import { reportError } from '@/lib/errors/error-reporter'
import { isChunkLoadError } from '@/lib/errors/chunk-error'
import { guardedReload } from '@/lib/reload-guard'
import { DefaultLayout } from './layouts/DefaultLayout'

interface Props {
  children: ReactNode
  /** The full path; a change resets the boundary. */
  path: string
  userAgent?: string
  /** A chunk of an old build failed to load: reload into the new one (guarded). */
  reloadForNewBuild?: () => boolean
}

interface State {
  error: unknown
  path: string | null
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, path: null }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error !== null && state.path !== null && state.path !== props.path) return { error: null, path: null }
    if (state.error !== null && state.path === null) return { path: props.path }
    return null
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && (this.props.reloadForNewBuild ?? (() => guardedReload()))()) return
    reportError(error, { source: 'route', path: this.props.path })
  }

  override render() {
    const { error } = this.state
    if (error === null) return this.props.children
    const ua = this.props.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent)
    if (isBotUserAgent(ua)) return null
    const http = error instanceof HttpError ? error : null
    // Inside the site's chrome: the visitor keeps the navigation, and the page its main landmark.
    return (
      <DefaultLayout>
        <ErrorPage
          status={statusOf(error)}
          statusMessage={http?.statusMessage}
          description={http?.description}
          path={this.props.path}
        />
      </DefaultLayout>
    )
  }
}
