// Page transitions: smoothly to the anchor when the URL has one that exists on the
// page, otherwise instantly to the top. Reduced-motion users get the jump without animation.

export function scrollAfterNavigation(hash: string, win: Window = window): 'anchor' | 'top' {
  const id = decodeURIComponent(hash.replace(/^#/, ''))
  const target = id ? win.document.getElementById(id) : null
  if (target) {
    const reduce = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    return 'anchor'
  }
  win.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  return 'top'
}
