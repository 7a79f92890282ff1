// A not-found variant for 404 and a general variant otherwise, each showing the
// status code, the status message (default 'Page Not Found' / 'Internal Server Error') and a
// description. A missing status code counts as 500.
import { useEffect, useRef } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE } from '@/lib/errors/http-error'
import { buttonPrimary, visuallyHidden } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'

export interface ErrorPageProps {
  status?: number
  statusMessage?: string
  description?: string
  /** The full path (with query and hash) that was asked for; shown on the not-found variant. */
  path?: string
}

const page = css`
  max-width: 40rem;
  margin: 3rem auto;
  padding: 0 1rem;
  text-align: center;
  .code {
    font-size: clamp(3rem, 12vw, 6rem);
    font-weight: 800;
    line-height: 1;
    color: var(--roots-primary);
    margin: 0;
  }
  h1 {
    margin: 0.5rem 0 1rem;
  }
  code {
    overflow-wrap: anywhere;
    background: #ecefeb;
    padding: 0.1rem 0.35rem;
    border-radius: 0.25rem;
  }
`

export function errorPageContent({ status, statusMessage, description, path }: ErrorPageProps) {
  const code = status ?? 500
  const variant = code === 404 ? 'not-found' : 'general'
  const message = statusMessage || (variant === 'not-found' ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE)
  const text =
    description ??
    (variant === 'not-found'
      ? 'We could not find the page you asked for. It may have moved, or the link may be wrong.'
      : 'Something went wrong on our side. Please try again in a moment.')
  return { code, variant, message, text, path } as const
}

export function ErrorPage(props: ErrorPageProps) {
  const c = errorPageContent(props)
  const heading = useRef<HTMLHeadingElement>(null)
  usePageMeta(c.message)
  useEffect(() => {
    heading.current?.focus()
  }, [c.message])
  return (
    <section className={page} data-variant={c.variant} aria-labelledby='error-title'>
      <p className='code' aria-hidden='true'>
        {c.code}
      </p>
      <h1 id='error-title' ref={heading} tabIndex={-1}>
        <span className={visuallyHidden}>Error {c.code}: </span>
        {c.message}
      </h1>
      <p>{c.text}</p>
      {c.variant === 'not-found' && c.path && (
        <p>
          Path: <code data-testid='not-found-path'>{c.path}</code>
        </p>
      )}
      <p>
        <Link href={paths.home.getHref()} className={buttonPrimary}>
          Go to the home page
        </Link>
      </p>
    </section>
  )
}
