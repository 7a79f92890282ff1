// Slugs from titles, for every admin form with a title (or name) and a slug: lower-case ASCII
// words joined by single hyphens, accents folded, at most 80 characters, the shape the database
// checks (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'). A new item's slug follows its title as it is typed
// until the person edits the slug themselves (slugAfterTitle); a saved item's slug is never
// changed by its title, since links to it would break.

export const SLUG_MAX = 80
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Letters NFKD does not take apart into a base letter and an accent. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
}

/** "Tucker's Meadow & Orchard — Café" → "tuckers-meadow-orchard-cafe". */
export function slugify(text: string, max = SLUG_MAX): string {
  const ascii = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøđðþłı]/g, (c) => FOLD[c] ?? '')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (ascii.length <= max) return ascii
  const cut = ascii.slice(0, max)
  // Cut at a word's end where one is near; never leave a trailing hyphen.
  const lastHyphen = cut.lastIndexOf('-')
  return (ascii[max] === '-' ? cut : lastHyphen > max / 2 ? cut.slice(0, lastHyphen) : cut)
    .replace(/-+$/, '')
}

/** The slug once the title changes from oldTitle to newTitle: it follows the title while it is
 *  empty or still what the old title gave, and stays as it is once edited by hand. */
export function slugAfterTitle(oldTitle: string, slug: string, newTitle: string): string {
  return slug === '' || slug === slugify(oldTitle) ? slugify(newTitle) : slug
}
