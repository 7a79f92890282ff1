// /cookies: the cookie policy. Every cookie and every item of browser storage the app itself
// writes (features/consent, lib, the promo bar, the waiting-list references, the auth client),
// what it is for, how long it lasts, and which consent it needs. legal.test.ts checks the names
// against the modules that write them, so a renamed key cannot leave this page behind.
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { LegalPage } from '../components/legal-page'

export interface StorageItem {
  name: string
  kind: 'Cookie' | 'Local storage' | 'Session storage'
  purpose: string
  lasts: string
  setBy: string
}

export const NECESSARY: readonly StorageItem[] = [
  {
    name: 'roots_consent',
    kind: 'Cookie',
    purpose: 'Remembers your cookie choices, so we ask only once and never load what you declined.',
    lasts: '180 days',
    setBy: 'Roots Allotments',
  },
  {
    name: 'sb-<project>-auth-token',
    kind: 'Local storage',
    purpose:
      'Keeps you signed in to your membership or the staff area. Only there once you sign in; removed when you sign out.',
    lasts: 'Until you sign out',
    setBy: 'Roots Allotments (Supabase sign-in)',
  },
  {
    name: 'roots:redirects:v1',
    kind: 'Local storage',
    purpose:
      'A copy of our list of moved pages, so old links still lead to the right page quickly. Holds nothing about you.',
    lasts: 'Refreshed while you browse; until you clear site data',
    setBy: 'Roots Allotments',
  },
  {
    name: 'roots:reload-guard',
    kind: 'Session storage',
    purpose: 'When we publish a new version of the site, makes sure your page reloads into it at most once.',
    lasts: 'Until you close the tab',
    setBy: 'Roots Allotments',
  },
  {
    name: 'roots:promo-hidden',
    kind: 'Session storage',
    purpose: 'Remembers the offers you hid, so they stay hidden for the rest of your visit.',
    lasts: 'Until you close the tab',
    setBy: 'Roots Allotments',
  },
]

export const FUNCTIONAL: readonly StorageItem[] = [
  {
    name: 'roots.queue-references',
    kind: 'Local storage',
    purpose:
      'The private references of the waiting lists you joined on this device, so you can see your place in the queue without finding the e-mail.',
    lasts: 'Until you clear site data',
    setBy: 'Roots Allotments',
  },
]

export const ANALYTICS: readonly StorageItem[] = [
  {
    name: 'ph_<project key>_posthog',
    kind: 'Cookie',
    purpose: 'A random identifier that lets PostHog count visits and the pages people use, so we can improve the site.',
    lasts: '1 year',
    setBy: 'PostHog, for Roots Allotments',
  },
  {
    name: 'ph_<project key>_posthog',
    kind: 'Local storage',
    purpose: 'The same analytics identifier and its settings.',
    lasts: 'Until you withdraw consent or clear site data',
    setBy: 'PostHog, for Roots Allotments',
  },
  {
    name: '__ph_opt_in_out_<project key>',
    kind: 'Local storage',
    purpose: 'Remembers that you turned analytics off, so PostHog sends nothing.',
    lasts: 'Until you clear site data',
    setBy: 'PostHog, for Roots Allotments',
  },
]

function StorageList({ items, label }: { items: readonly StorageItem[]; label: string }) {
  return (
    <ul className='storage' aria-label={label}>
      {items.map((c) => (
        <li key={`${c.kind}-${c.name}`} className='kind'>
          <h3>
            <code>{c.name}</code>
          </h3>
          <dl>
            <div>
              <dt>Type</dt>
              <dd>{c.kind}</dd>
            </div>
            <div>
              <dt>What it is for</dt>
              <dd>{c.purpose}</dd>
            </div>
            <div>
              <dt>How long</dt>
              <dd>{c.lasts}</dd>
            </div>
            <div>
              <dt>Set by</dt>
              <dd>{c.setBy}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}

export default function CookiesRoute() {
  return (
    <LegalPage
      id='cookies-title'
      title='Cookie policy'
      description='The cookies and browser storage the Roots Allotments website uses, what each is for and how to change your choices.'
      lead={
        <>
          Cookies and browser storage are small files and entries a website keeps on your device. This page lists every
          one this website uses, what it is for and how long it lasts. For how we use personal data generally, read our{' '}
          <Link href={paths.privacy.getHref()}>privacy notice</Link>.
        </>
      }
    >
      <h2 id='choices'>Your choices</h2>
      <p>
        When you first visit we ask which optional cookies you allow, and we set none of them until you say yes. You can
        change your mind at any time with <strong>Cookie settings</strong> at the foot of every page (or the cookie
        button in the corner). Turning a kind off deletes its cookies and stops its scripts straight away. Your browser
        can also block or delete cookies and site data; if you block the necessary ones, signing in and some forms will
        not work.
      </p>

      <h2 id='necessary'>Necessary</h2>
      <p>The site cannot work without these, so they do not need your consent. None of them tracks you.</p>
      <StorageList items={NECESSARY} label='Necessary cookies and storage' />

      <h2 id='functional'>Functional</h2>
      <p>
        These remember things you asked us to remember on this device. They stay on your device; nothing in them is sent
        to anyone else.
      </p>
      <StorageList items={FUNCTIONAL} label='Functional storage' />

      <h2 id='analytics'>Analytics (optional)</h2>
      <p>
        Only if you allow analytics cookies. PostHog processes this data for us; see its{' '}
        <a href='https://posthog.com/privacy'>privacy policy</a>.
      </p>
      <StorageList items={ANALYTICS} label='Analytics cookies and storage' />

      <h2 id='chat'>Chat and offers (optional)</h2>
      <p>
        Only if you allow “Chat and offers”: we then load our chat and offers pop-up, whose provider may set cookies of
        its own, which it lists in its own policy. When you turn it off we remove the script and delete the cookies it
        is known to set.
      </p>

      <h2 id='third-parties'>Other sites’ content</h2>
      <p>
        A site page may show a Google map. Google loads it from its own servers and may set its own cookies under its{' '}
        <a href='https://policies.google.com/technologies/cookies'>cookie policy</a>; use “Open in Google Maps” instead
        if you prefer. Payments happen on Stripe’s own page, under{' '}
        <a href='https://stripe.com/cookies-policy/legal'>Stripe’s cookie policy</a>.
      </p>
      <p>Error reports (Sentry) set no cookies.</p>
    </LegalPage>
  )
}
