// The one place that decides which provider a function may use. The local providers (payments
// with its hosted test checkout page and published webhook secret, e-mail, the campaign list)
// record calls instead of making them, so on a deployed project they would let anyone mark an
// order paid. They run only when the local stack says so: ROOTS_LOCAL_STACK=1, which stack/cli.ts
// sets for npm start, dev, test, bench and db:reset (and which `supabase functions serve` gets from
// an env file). Never set it as a secret on a Supabase project; on a hosted project's URL it is
// ignored anyway.
//
// Without the flag, a service needs its real provider and that provider's secrets. A route that
// needs a service which is not configured answers 503 not_configured, naming the missing secrets,
// before it writes anything; routes that do not need it keep working.
import { HttpError } from '../errors.ts'

export const LOCAL_STACK_FLAG = 'ROOTS_LOCAL_STACK'

/** The local payment provider's signing secret (it is in this repository: local use only). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_roots_allotments_test_secret'

const get = (name: string) => {
  const v = Deno.env.get(name)?.trim()
  return v ? v : undefined
}

/** True when the functions run in the local stack: the flag is set and SUPABASE_URL is not a
 *  hosted project (https://<ref>.supabase.co), where a copied local env file must change nothing. */
export function isLocalStack(): boolean {
  if (Deno.env.get(LOCAL_STACK_FLAG) !== '1') return false
  try {
    return !new URL(Deno.env.get('SUPABASE_URL') ?? '').hostname.endsWith('.supabase.co')
  } catch {
    return true
  }
}

export type Service = 'payments' | 'email' | 'campaigns' | 'postcodes'

interface Spec {
  /** How messages about the service begin. */
  notConfigured: string
  /** The variable that chooses the provider. */
  selector: string
  /** The real provider's value of `selector`. */
  real: string
  /** Secrets the real provider cannot work without. */
  secrets: readonly string[]
}

export const SERVICES: Record<Service, Spec> = {
  payments: {
    notConfigured: 'Payments are not configured',
    selector: 'PAYMENTS_PROVIDER',
    real: 'stripe',
    secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  },
  email: {
    notConfigured: 'E-mail is not configured',
    selector: 'EMAIL_PROVIDER',
    real: 'resend',
    secrets: ['RESEND_API_KEY', 'EMAIL_FROM'],
  },
  campaigns: {
    notConfigured: 'The campaign list is not configured',
    selector: 'CAMPAIGNS_PROVIDER',
    real: 'activecampaign',
    secrets: ['ACTIVECAMPAIGN_URL', 'ACTIVECAMPAIGN_API_TOKEN'],
  },
  // postcodes.io is public and keyless: choosing it is the whole configuration.
  postcodes: {
    notConfigured: 'Postcode search is not configured',
    selector: 'POSTCODES_PROVIDER',
    real: 'postcodes.io',
    secrets: [],
  },
}

export type ProviderChoice =
  | { kind: 'local' }
  | { kind: 'real'; secrets: Record<string, string> }

/** 503 not_configured: the service cannot run here until the named secrets are set. */
export function notConfigured(service: Service, missing: string[], reason: string): HttpError {
  return new HttpError(
    503,
    'not_configured',
    `${SERVICES[service].notConfigured} on this server: ${reason} Nothing was changed.`,
    {
      service,
      missing,
    },
  )
}

/**
 * The provider a service uses here, or 503 not_configured. Explicitly choosing the real provider
 * wins (also in the local stack, where tests point it at a fake server); otherwise the local one,
 * in the local stack only.
 */
export function providerChoice(service: Service): ProviderChoice {
  const spec = SERVICES[service]
  const chosen = get(spec.selector)
  if (chosen === spec.real) {
    const missing = spec.secrets.filter((s) => !get(s))
    if (missing.length) {
      throw notConfigured(
        service,
        missing,
        `set ${secrets(missing)} (${spec.selector}=${spec.real}).`,
      )
    }
    return { kind: 'real', secrets: Object.fromEntries(spec.secrets.map((s) => [s, get(s)!])) }
  }
  if (chosen !== undefined && chosen !== 'local') {
    throw notConfigured(
      service,
      [spec.selector],
      `${spec.selector}=${chosen} is not a provider; set ${spec.selector}=${spec.real} with ${
        list(spec.secrets)
      }.`,
    )
  }
  if (isLocalStack()) return { kind: 'local' }
  const missing = [spec.selector, ...spec.secrets.filter((s) => !get(s))]
  throw notConfigured(
    service,
    missing,
    `set ${secrets([`${spec.selector}=${spec.real}`, ...missing.slice(1)])}. ` +
      `The local ${service} provider runs only in the local stack (${LOCAL_STACK_FLAG}=1).`,
  )
}

/** Throws 503 not_configured unless the service can run: call it before writing anything. */
export function requireProvider(service: Service): void {
  providerChoice(service)
}

/** The local payment provider's signing secret: LOCAL_WEBHOOK_SECRET, else the repository's; only
 *  in the local stack. */
export function localWebhookSecret(): string {
  if (!isLocalStack()) {
    throw notConfigured(
      'payments',
      [],
      'the local payment provider and its published webhook secret run only in the local stack.',
    )
  }
  return get('LOCAL_WEBHOOK_SECRET') ?? LOCAL_WEBHOOK_SECRET
}

const secrets = (names: readonly string[]) =>
  `the secret${names.length > 1 ? 's' : ''} ${list(names)}`

function list(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
