// Whether the visitor is filling in a form field: a text field, a box, a list or an editor has
// focus. Fixed elements along the bottom of the window (the promo bar, the cookie button) step
// aside meanwhile, so on a phone, where the keyboard takes half the screen, they never sit on the
// field or its label; after a tap that leaves the form they stay away until the visitor scrolls.
// One set of document listeners for the whole app, added on first use.
import { useSyncExternalStore } from 'react'

const NOT_TYPED = new Set(['button', 'submit', 'reset', 'image', 'hidden'])

/** Whether an element is a form field a visitor types into or sets (not a button). */
export function isFormField(el: Element | null | undefined): boolean {
  if (!el || !(el instanceof HTMLElement)) return false
  if (el instanceof HTMLInputElement) return !NOT_TYPED.has(el.type)
  return el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ||
    el.isContentEditable
}

let typing = false
const listeners = new Set<() => void>()
let installed = false

function set(next: boolean) {
  if (next === typing) return
  typing = next
  for (const l of listeners) l()
}

// A press that takes focus from a field (a tap on "Save" just above the keyboard) must end on the
// control it began on: were the bar shown again at pointerdown, the release would land on the bar
// and the click would be lost. Nor may it come back right after the click: the second tap of a
// double tap, or the next tap once the page has answered, would land on the bar where "Save" was
// (and follow its link away from the form). So a press that leaves the fields keeps the fixed
// elements away until the visitor scrolls, the sign of reading on rather than tapping again, or
// until focus is moved on to something else.
let pointerDown = false
let waiting: boolean | null = null
let untilScroll = false

function release() {
  pointerDown = false
  if (waiting === null) return
  const next = waiting
  waiting = null
  // After the click event of this press has been dispatched.
  setTimeout(() => {
    if (next && isFormField(document.activeElement)) set(true)
    else untilScroll = true
  }, 0)
}

function scrolled() {
  if (!untilScroll) return
  untilScroll = false
  set(isFormField(document.activeElement))
}

function install() {
  if (installed || typeof document === 'undefined') return
  installed = true
  typing = isFormField(document.activeElement)
  document.addEventListener('pointerdown', () => {
    pointerDown = true
  }, true)
  document.addEventListener('pointerup', release, true)
  document.addEventListener('pointercancel', release, true)
  // Moving from one field to the next keeps the state: no flash of the bar in between.
  document.addEventListener('focusin', (e) => focusMoved(e.target as Element))
  document.addEventListener('focusout', (e) => focusMoved(e.relatedTarget as Element | null))
  // Any scroll, of the page or of a part of it (capture: scroll events do not bubble).
  document.addEventListener('scroll', scrolled, { capture: true, passive: true })
}

function focusMoved(to: Element | null) {
  if (isFormField(to)) {
    waiting = null
    untilScroll = false
    set(true)
  } else if (pointerDown) {
    waiting = false
  } else if (to !== null || !untilScroll) {
    // Focus moved on with the keyboard, or the page moved it (a dialog closing hands it back to
    // the cookie button): the fixed elements come back at once. Focus merely lost (the pressed
    // button disabled while its form sends) leaves them where they are.
    untilScroll = false
    set(false)
  }
}

export function subscribeTyping(listener: () => void): () => void {
  install()
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const isTyping = () => typing

/** True while a form field has focus. */
export const useTyping = () => useSyncExternalStore(subscribeTyping, isTyping, () => false)
