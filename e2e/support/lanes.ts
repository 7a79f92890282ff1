// How `npm test` spreads the e2e files over lanes: each lane is one vitest process running its
// files one after another, all lanes against the same stack at once. Files that change or count
// the same seeded data must never overlap, so each group below runs whole, in one lane, in this
// order; every other file is on its own and goes wherever there is room. A new file that changes
// seeded sites, lists, offers, members or settings another file reads joins the group here.
export const SHARED_STATE_GROUPS: string[][] = [
  [
    // Sites made and changed: new sites (and their coordinates) in the list near-me orders, the
    // status of Avon Views flipped, a seeded site's details and photos edited, the promo bar on
    // Avon Views. Archiving a site adds redirects, so the table redirects revalidates by its
    // ETag changes: redirects runs in this group too.
    'near-me',
    'site-wording',
    'admin-locations',
    'admin-images',
    'public-prereg-routes',
    'admin-operations',
    'offer-journey',
    'offer-choices',
    'admin-import',
    'membership-journey',
    'archive-and-updates',
    'redirects',
    // A site of its own, with coordinates (near-me orders every site that has them).
    'plots-plan',
    // Moves the local payment provider's clock, which every subscription in the stack follows:
    // after membership-journey, whose new members' e-mails are counted.
    'billing-journey',
    // Two sites of its own, with a plot, members and a patch manager.
    'plots-access',
    // A site of its own; its member pays on the local provider, whose clock billing-journey moves.
    'plots-reletting',
  ],
  [
    // The seeded lists of Darenth Fields, Tuckers Meadow and Haigh Fields: joins, moves, offers,
    // counts and positions; the patch manager's sites assigned and taken away. (axe-checks joins
    // Darenth Fields for the e-mail it checks.)
    'site-pages',
    'admin-tools',
    'public-waiting-list',
    'fair-list',
    'data-rights',
    'admin-waiting-list',
    'admin-patch-manager',
    'admin-staff',
    'axe-checks',
    // patch@example.com given a site of the file's own, with plots, for its inspections.
    'plots-inspections',
  ],
  // The demo member: membership paused, cancelled and kept; e-mail to member@example.com (a magic
  // link is read from it); the growing expert's courses.
  ['membership-self-service', 'public-membership-tours', 'public-community', 'course-review'],
  // The public checkout: staff add products to it while the sweep judges /checkout/new.
  ['a11y-routes', 'admin-commerce'],
  // Welcome slots: places left and cancellations.
  ['admin-welcome-slots', 'public-payments-bookings'],
  // The blog: a post published through the admin is the newest on /blogs while public-content
  // reads the newest post and counts the pages.
  ['public-content', 'admin-blogs'],
]

/** Seconds a file without a measurement is taken to need. */
const UNMEASURED = 30

export interface Lane {
  files: string[]
  seconds: number
}

const nameOf = (file: string) => file.replace(/^.*\//, '').replace(/\.e2e\.ts$/, '')

/**
 * Splits `files` (paths ending .e2e.ts) into at most `count` lanes, longest unit first onto the
 * least loaded lane; `weights` are seconds by file name (`x.e2e.ts`).
 */
export function planLanes(
  files: string[],
  count: number,
  weights: Record<string, number>,
): Lane[] {
  const weight = (f: string) => weights[`${nameOf(f)}.e2e.ts`] ?? UNMEASURED
  const grouped = new Set<string>()
  const units: { files: string[]; seconds: number }[] = []
  for (const group of SHARED_STATE_GROUPS) {
    const members = group.flatMap((name) => files.filter((f) => nameOf(f) === name))
    if (members.length === 0) continue
    members.forEach((f) => grouped.add(f))
    units.push({ files: members, seconds: members.reduce((n, f) => n + weight(f), 0) })
  }
  for (const f of files) if (!grouped.has(f)) units.push({ files: [f], seconds: weight(f) })
  units.sort((a, b) => b.seconds - a.seconds)
  const lanes: Lane[] = Array.from({ length: Math.max(1, count) }, () => ({
    files: [],
    seconds: 0,
  }))
  for (const unit of units) {
    const lane = lanes.reduce((min, l) => (l.seconds < min.seconds ? l : min))
    lane.files.push(...unit.files)
    lane.seconds += unit.seconds
  }
  return lanes.filter((l) => l.files.length > 0)
}
