// Admin tables scroll sideways inside their own box (tableWrap), never the page. A box that can
// scroll must be reachable by keyboard and say what it holds, so every table box in the admin
// area becomes a focusable region named by its table: the caption (aria-labelledby, so a caption
// that changes, "24 entries (updating…)", still names it), else the table's own label, else the
// heading above it. Screens that label their box themselves keep their words. One observer on
// the admin main landmark covers every screen, present and future.
import { type RefObject, useEffect } from 'react'

let next = 0
const newId = () => `admin-table-caption-${++next}`

/** The heading just before `el` in the document, within `root`. */
function headingBefore(el: Element, root: Element): string | null {
  const headings = [...root.querySelectorAll('h1, h2, h3, h4')]
  for (let i = headings.length - 1; i >= 0; i--) {
    const h = headings[i]!
    if (h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) {
      return h.textContent?.trim() || null
    }
  }
  return null
}

const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)

/** Makes the scrolling box around each table in `root` a labelled, focusable region (idempotent). */
export function labelTableRegions(root: Element): void {
  for (const table of root.querySelectorAll('table')) {
    const box = table.parentElement
    if (!box || box === root || !scrolls(box)) continue
    if (!box.hasAttribute('tabindex')) box.tabIndex = 0
    if (!box.hasAttribute('role')) box.setAttribute('role', 'region')
    if (box.hasAttribute('aria-label') || box.hasAttribute('aria-labelledby')) continue
    const caption = table.querySelector(':scope > caption')
    if (caption) {
      if (!caption.id) caption.id = newId()
      box.setAttribute('aria-labelledby', caption.id)
    } else {
      box.setAttribute(
        'aria-label',
        table.getAttribute('aria-label') ?? headingBefore(box, root) ?? 'Table',
      )
    }
  }
}

/** Keeps the table boxes under `ref` labelled as screens render and change. */
export function useTableRegions(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    labelTableRegions(root)
    let queued = false
    const observer = new MutationObserver(() => {
      if (queued) return
      queued = true
      queueMicrotask(() => {
        queued = false
        labelTableRegions(root)
      })
    })
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [ref])
}
