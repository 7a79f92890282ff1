// The sign-up routes: /prereg/{site}/signup, /landing/{site}/join and /landing/special/{site}/join.
// An upcoming site takes a pre-registration, an open or active site its waiting list, and a
// waiting-list-only place its general list. An unknown site or place is 404 'Page not found'.
import { useState } from 'react'
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { statusOf } from '@/lib/sites/rules'
import { toast } from '@/lib/toast'
import type { JoinResult, JoinTarget } from '../api/join-waiting-list'
import { JoinForm } from '../components/JoinForm'
import { formatCount } from '@/lib/intl'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .lead {
    max-width: 40rem;
    font-size: 1.1rem;
  }
  .count {
    font-weight: 700;
  }
  .done {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1.25rem;
    max-width: 36rem;
    border-left: 4px solid var(--roots-primary);
  }
`

interface Resolved {
  target: JoinTarget
  name: string
  waiting: number
  city?: string
}

function useJoinTarget(slug: string): Resolved | 'wait' | null {
  const { sites, places, settled } = useLocations()
  const site = sites.find((s) => s.slug === slug)
  if (site) {
    const target: JoinTarget =
      statusOf(site) === 'upcoming'
        ? { kind: 'pre_registration', site: site.slug }
        : { kind: 'waiting_list', site: site.slug }
    return { target, name: site.location, waiting: site.waiting_list_count, city: site.city }
  }
  const place = places.find((p) => p.slug === slug.toLowerCase())
  if (place)
    return {
      target: { kind: 'general', location: place.location },
      name: place.location,
      waiting: place.waiting_list_count,
    }
  return settled ? null : 'wait'
}

export function JoinPage({ special = false }: { special?: boolean }) {
  const params = useParams<{ site: string }>()
  const [path, navigate] = useLocation()
  const slug = slugParam(params.site, path)
  const resolved = useJoinTarget(slug)
  const [joined, setJoined] = useState<JoinResult | null>(null)
  const pre = resolved !== 'wait' && resolved?.target.kind === 'pre_registration'
  const title =
    resolved && resolved !== 'wait' ? `${pre ? 'Pre-register' : 'Join the waiting list'}: ${resolved.name}` : 'Join'
  usePageMeta(title)

  if (resolved === 'wait') return <p role='status'>Loading…</p>
  if (!resolved) throw new HttpError(404, 'Page not found')

  // The answer is the same whether the address was new to the list or on it already, so that
  // nobody learns who is on a list by typing their address: the e-mail tells the inbox owner
  // which it was and carries the private reference.
  function onJoined(result: JoinResult) {
    if (!result.confirmation_sent) {
      setJoined(result)
      toast.error('We could not send your e-mail just now. Please try again in a few minutes.')
      return
    }
    toast.success('Thank you. Check your inbox for your private reference.')
    if (special && result.kind !== 'pre_registration') navigate(paths.landingSpecialJoinSuccess.getHref({ site: slug }))
    else setJoined(result)
  }

  return (
    <div className={page}>
      <h1>{pre ? `Pre-register for ${resolved.name}` : `Join the waiting list for ${resolved.name}`}</h1>
      <p className='lead'>
        {pre
          ? `${resolved.name} is coming soon. Pre-register and you will hear first when plots open, before anyone else.`
          : resolved.target.kind === 'general'
            ? `We do not have a site in ${resolved.name} yet. Join the list and you will be first to hear when one opens.`
            : `Join the queue for a plot at ${resolved.name}${resolved.city ? ` in ${resolved.city}` : ''}.`}
      </p>
      {!pre && (
        <p className='count'>
          {formatCount(resolved.waiting)} {resolved.waiting === 1 ? 'person is' : 'people are'} waiting now.
        </p>
      )}
      <p>
        We will e-mail you a private reference straight away. With it you can see your place in the queue, the list
        length and your estimated wait at any time, update your details or leave the list.
      </p>
      {joined?.confirmation_sent ? (
        <div className='done' role='status'>
          <h2>Check your inbox</h2>
          <p>
            We have e-mailed your private reference for {joined.location}. Open the link in that e-mail to see{' '}
            {joined.kind === 'pre_registration' ? 'your pre-registration' : 'your place in the queue'}. If you were on
            this list already, the e-mail says so and gives you the same reference again.
          </p>
          <p>
            <Link href={paths.queueReady.getHref()}>Have your reference? Enter it here</Link>.
          </p>
        </div>
      ) : (
        <>
          {joined && (
            <p className='done' role='alert'>
              We could not send the e-mail with your reference just now. Please try again in a few minutes with the same
              address: you will not be added twice.
            </p>
          )}
          <JoinForm
            target={resolved.target}
            placeName={resolved.name}
            submitLabel={pre ? 'Pre-register' : 'Join the waiting list'}
            onJoined={onJoined}
          />
        </>
      )}
    </div>
  )
}

export default function JoinRoute() {
  return <JoinPage />
}

export function SpecialJoinRoute() {
  return <JoinPage special />
}
