// /vote: visitors vote for where a new site should open (a place and their e-mail; one vote per
// e-mail per place, counted once confirmed from the e-mail) and see the votes so far.
// /vote?confirm=<token> is the link in that e-mail: it confirms the vote, then leaves the
// address bar without the token.
import { css } from 'goober'
import { useEffect, useRef, useState } from 'react'
import { TextField } from '@/components/form/Field'
import { buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { WAITING_LIST_PLACES } from '@/lib/sites/catalogue'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { useCastVote, voteSchema, type VoteResult } from '../api/cast-vote'
import { useConfirmVote } from '../api/confirm-vote'
import { useVoteTallies, type VoteTally } from '../api/get-vote-tallies'

const page = css`
  max-width: 48rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    margin-bottom: 1.25rem;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .done {
    border-left: 4px solid var(--roots-primary);
    padding: 0.5rem 0.75rem;
    background: #e8f0ea;
    margin: 0 0 1rem;
  }
  .tallies {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 0.5rem;
  }
  .tallies li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0.25rem 0.75rem;
    align-items: center;
  }
  .bar {
    grid-column: 1 / -1;
    height: 0.5rem;
    border-radius: 0.25rem;
    background: var(--roots-primary);
    min-width: 0.5rem;
  }
`

export const checkEmailMessage = (email: string) =>
  `Thank you! We have sent a link to ${email}: your vote counts once you follow it. Each address counts once per place.`
export const confirmedMessage = (place: string) => `Thank you! Your vote for ${place} is counted.`

/** Reads the confirmation token from the address once and removes it from the address bar. */
function useConfirmToken(): string | null {
  const [token] = useState(() => new URLSearchParams(location.search).get('confirm'))
  useEffect(() => {
    if (token) history.replaceState(history.state, '', location.pathname + location.hash)
  }, [token])
  return token && /^[0-9a-f]{32}$/.test(token) ? token : null
}

/** The places shown; the rest are summed up in one line. */
export const TALLIES_SHOWN = 20

export function VoteTallies({ tallies }: { tallies: readonly VoteTally[] }) {
  if (tallies.length === 0) return <p role='status'>No votes yet: be the first to tell us where to grow next.</p>
  const max = Math.max(...tallies.map((t) => t.votes))
  const rest = tallies.slice(TALLIES_SHOWN)
  return (
    <>
      <ol className='tallies' aria-label='Votes per place'>
        {tallies.slice(0, TALLIES_SHOWN).map((t) => (
          <li key={t.location_name}>
            <span>{t.location_name}</span>
            <strong>
              {t.votes} {t.votes === 1 ? 'vote' : 'votes'}
            </strong>
            {/* The bar's length is this site's share of the votes, computed per render. */}
            <span className='bar' style={{ width: `${Math.round((t.votes / max) * 100)}%` }} aria-hidden='true' />
          </li>
        ))}
      </ol>
      {rest.length > 0 && (
        <p>
          And {rest.length} more {rest.length === 1 ? 'place' : 'places'} with {rest.reduce((n, t) => n + t.votes, 0)}{' '}
          votes between them.
        </p>
      )}
    </>
  )
}

export default function VoteRoute() {
  usePageMeta('Vote for a new site', 'Tell us where the next Roots allotment site should open.')
  const tallies = useVoteTallies()
  const vote = useCastVote()
  const confirm = useConfirmVote()
  const token = useConfirmToken()
  const asked = useRef(false)
  useEffect(() => {
    if (token && !asked.current) {
      asked.current = true
      confirm.mutate(token)
    }
  }, [token, confirm])
  const [outcome, setOutcome] = useState<VoteResult | null>(null)
  const { ref, errors, onSubmit, pending } = useZodSubmit(voteSchema, {
    send: async (input) => {
      setOutcome(null)
      const result = await vote.mutateAsync(input)
      setOutcome(result)
      toast.success(checkEmailMessage(result.email))
    },
  })
  const suggestions = [
    ...new Set([...(tallies.data ?? []).map((t) => t.location_name), ...WAITING_LIST_PLACES.map((p) => p.location)]),
  ]

  return (
    <div className={page}>
      <h1>Where should we grow next?</h1>
      <p>
        Vote for the town or area where you would like a Roots allotment site. The places with the most votes help us
        choose where to look for land.
      </p>
      <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Vote for a new site'>
        {confirm.isSuccess && (
          <p className='done' role='status'>
            {confirmedMessage(confirm.data)}
          </p>
        )}
        {confirm.isPending && <p role='status'>Confirming your vote…</p>}
        {confirm.isError && (
          <p className='error' role='alert'>
            {confirm.error.message}
          </p>
        )}
        {outcome && (
          <p className='done' role='status'>
            {checkEmailMessage(outcome.email)}
          </p>
        )}
        <TextField
          label='Town or area'
          name='location_name'
          list='vote-places'
          autoComplete='address-level2'
          error={errors.location_name}
        />
        <datalist id='vote-places'>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <TextField
          label='E-mail address'
          name='email'
          type='email'
          autoComplete='email'
          hint='One vote per e-mail address for each place, counted once you confirm it from the e-mail we send. We never show who voted.'
          error={errors.email}
        />
        <TextField
          label='Your postcode (optional)'
          name='postcode'
          autoComplete='postal-code'
          error={errors.postcode}
        />
        {errors._form && (
          <p className='error' role='alert'>
            {errors._form}
          </p>
        )}
        <button type='submit' className={buttonPrimary} disabled={pending}>
          {pending ? 'Sending your vote…' : 'Vote'}
        </button>
      </form>
      <section className='card' aria-labelledby='tallies-title'>
        <h2 id='tallies-title'>Votes so far</h2>
        {tallies.isPending && <p role='status'>Loading the votes…</p>}
        {tallies.isError && (
          <p className='error' role='alert'>
            We could not load the votes just now. Please try again later.
          </p>
        )}
        {tallies.data && <VoteTallies tallies={tallies.data} />}
      </section>
    </div>
  )
}
