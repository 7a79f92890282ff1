// Lets only experts through: signed-out visitors go to /login (and come back), a signed-in
// member who is no expert is told so plainly.
import { type ReactNode, useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { type MyExpert, useMyExpert } from '../api/get-my-expert'

export const NOT_EXPERT_MESSAGE =
  'These pages are for Roots growing experts, and your account is not linked to an expert profile. If you teach for us, ask the Roots team to link it.'

export function ExpertGate({ title, children }: { title: string; children: (expert: MyExpert) => ReactNode }) {
  const me = useMyExpert()
  const [location, navigate] = useLocation()
  // A remembered "signed out" is only trusted once the fresh check is done.
  const signedOut = me.data?.kind === 'signed-out' && !me.isFetching
  useEffect(() => {
    if (signedOut) navigate(`${paths.login.getHref()}?next=${encodeURIComponent(location)}`, { replace: true })
  }, [signedOut, location, navigate])

  if (me.isError)
    return (
      <>
        <h1>{title}</h1>
        <p className='error' role='alert'>
          {me.error.message}
        </p>
      </>
    )
  if (!me.data || me.data.kind === 'signed-out' || (me.isFetching && me.data.kind !== 'expert'))
    return <p role='status'>Checking your sign-in…</p>
  if (me.data.kind === 'not-expert') {
    return (
      <>
        <h1>{title}</h1>
        <p role='alert'>{NOT_EXPERT_MESSAGE}</p>
        <p>
          You are signed in as {me.data.email}.{' '}
          <Link href={paths.growingExperts.getHref()}>Meet our growing experts</Link>.
        </p>
      </>
    )
  }
  return <>{children(me.data.expert)}</>
}
