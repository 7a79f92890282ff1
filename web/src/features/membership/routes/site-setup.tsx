// /sites/{cityslug}/{slug}/setup (and /setup/old, checkout layout): choose a plan and join, or
// pay the site's deposit (its own deposit link where it has one).
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { HttpError } from '@/lib/errors/http-error'
import { formValues } from '@/lib/forms'
import { usePageMeta } from '@/lib/page-meta'
import { safeLinkHref } from '@/lib/rich-text/rules'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { useIdempotencyKey, useZodSubmit } from '@/lib/use-zod-submit'
import { usePlans } from '../api/get-plans'
import { membershipCheckoutSchema, useStartMembershipCheckout } from '../api/start-membership-checkout'
import { useSession } from '../api/use-session'
import { SignInForm } from '../components/SignInForm'
import { pounds } from './plans'

const page = css`
  h1 { color: var(--roots-primary); margin: 0 0 0.5rem; }
  .card { background: var(--roots-surface); border-radius: 0.75rem; padding: clamp(1rem, 4vw, 1.5rem); margin-bottom: 1rem; max-width: 44rem; }
  fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
  legend { font-weight: 700; margin-bottom: 0.5rem; }
  .plan { display: flex; gap: 0.6rem; align-items: center; border: 2px solid #cfd6cf; border-radius: 0.6rem; padding: 0.6rem 0.8rem; margin-bottom: 0.5rem; cursor: pointer; }
  .plan:has(input:checked) { border-color: var(--roots-primary); background: #e8f0ea; }
  .plan input { width: 1.2rem; height: 1.2rem; accent-color: var(--roots-primary); }
  .error { color: var(--roots-error); font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
`

export default function SiteSetupRoute() {
  const params = useParams<{ cityslug: string; slug: string }>()
  const [path] = useLocation()
  const slug = slugParam(params.slug, path)
  slugParam(params.cityslug, path)
  const { sites, settled, ctaSettings } = useLocations()
  const site = sites.find((s) => s.slug === slug) ?? null
  const title = site ? `Join ${site.location}` : 'Join'
  usePageMeta(title)
  const plans = usePlans()
  const { session, ready } = useSession()
  const start = useStartMembershipCheckout(slug)
  const key = useIdempotencyKey('mem')
  const { ref, errors, onSubmit, pending } = useZodSubmit(membershipCheckoutSchema, {
    read: (form) => ({ plan_id: '', ...formValues(form) }),
    send: async (input) => globalThis.location.assign((await key.withKey((k) => start.mutateAsync({ input, key: k }))).url),
  })

  if (!site) {
    if (!settled) return <p role='status'>Loading…</p>
    throw new HttpError(404, 'Page not found')
  }
  const deposit = safeLinkHref(site.stripe_deposit_link)
  const setting = ctaSettings.find((c) => c.id === site.cta_setting_id)

  return (
    <div className={page}>
      <h1>Join {site.location}</h1>
      {setting?.promo && <p><strong>{setting.promo}</strong></p>}
      <section className='card' aria-labelledby='deposit-title'>
        <h2 id='deposit-title'>Secure your plot with a deposit</h2>
        <div className='actions'>
          {deposit
            ? <a href={deposit} className={buttonSecondary}>Pay the deposit</a>
            : <Link href={`${paths.depositCheckout.getHref()}?site=${encodeURIComponent(site.slug)}`} className={buttonSecondary}>Pay the deposit</Link>}
        </div>
      </section>
      <section className='card' aria-labelledby='plan-title'>
        <h2 id='plan-title'>Choose a plan</h2>
        {!ready && <p role='status'>Loading…</p>}
        {ready && !session && (
          <>
            <p>Sign in (or <Link href={paths.becomeMember.getHref()}>read about membership</Link>) to choose a plan.</p>
            <SignInForm />
          </>
        )}
        {session && plans.isPending && <p role='status'>Loading plans…</p>}
        {session && plans.data && (
          <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Choose a plan and join'>
            <fieldset aria-describedby={errors.plan_id ? 'plan-error' : undefined}>
              <legend>Plan</legend>
              {plans.data.plans.map((p) => (
                <label key={p.id} className='plan'>
                  <input type='radio' name='plan_id' value={p.id} />
                  <span><strong>{p.name}</strong>: {pounds(p.price_pence)} a {p.billing_interval}</span>
                </label>
              ))}
              {errors.plan_id && <p className='error' id='plan-error'>{errors.plan_id}</p>}
            </fieldset>
            {plans.data.joiningFeePence !== null && <p>Plus a one-off joining fee of {pounds(plans.data.joiningFeePence)}.</p>}
            <TextField label='First name' name='first_name' autoComplete='given-name' error={errors.first_name} />
            <TextField label='Last name' name='last_name' autoComplete='family-name' error={errors.last_name} />
            <TextField label='Phone (optional)' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
            {errors._form && <p className='error' role='alert'>{errors._form}</p>}
            <button type='submit' className={buttonPrimary} disabled={pending}>{pending ? 'Opening checkout…' : 'Continue to payment'}</button>
          </form>
        )}
      </section>
    </div>
  )
}
