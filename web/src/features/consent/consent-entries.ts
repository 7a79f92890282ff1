// The cookie consent entries, as data: two groups, necessary and optional.
// `targetCookieIds` are cookie names (a trailing `*` matches a prefix) deleted on withdrawal;
// `src` is a script added to the page only while the entry is enabled.

export interface ConsentLink {
  label: string
  href: string
}

export interface ConsentEntry {
  id: string
  name: string
  description: string
  targetCookieIds?: string[]
  src?: string
  links?: ConsentLink[]
  isPreselected?: boolean
}

export interface ConsentEntries {
  necessary: ConsentEntry[]
  optional: ConsentEntry[]
}

/** The necessary entry that visitors may still switch off. */
export const FUNCTIONAL_ID = 'functional'
/** Enabling this one reloads the page once, so analytics start from a clean load. */
export const ANALYTICS_ID = 'analytics'
export const MARKETING_ID = 'marketing'

export function defaultConsentEntries(
  opts: { marketingScriptUrl?: string; marketingCookieIds?: string[] } = {},
): ConsentEntries {
  return {
    necessary: [
      {
        id: 'necessary',
        name: 'Necessary cookies',
        description:
          'Keep you signed in, keep forms secure and remember your cookie choices. The site cannot work without them.',
      },
      {
        id: FUNCTIONAL_ID,
        name: 'Functional cookies',
        description:
          'Remember choices such as your nearest site, so you do not have to pick them again.',
        isPreselected: true,
      },
    ],
    optional: [
      {
        id: ANALYTICS_ID,
        name: 'Analytics cookies',
        description:
          'Count visits and the pages people use, so we can improve the site. Run by PostHog.',
        targetCookieIds: ['ph_*'],
        links: [{ label: 'PostHog privacy policy', href: 'https://posthog.com/privacy' }],
        isPreselected: false,
      },
      {
        id: MARKETING_ID,
        name: 'Chat and offers',
        description: 'Load our chat and offers pop-up, which may set cookies of its own.',
        src: opts.marketingScriptUrl,
        targetCookieIds: opts.marketingCookieIds ?? [],
        isPreselected: false,
      },
    ],
  }
}
