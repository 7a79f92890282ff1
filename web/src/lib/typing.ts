// Whether the visitor is filling in a form field: a text field, a box, a list or an editor has
// focus. Fixed elements along the bottom of the window (the promo bar, the cookie button) step
// aside meanwhile, so on a phone, where the keyboard takes half the screen, they never sit on the
// field or its label. One pair of document listeners for the whole app, added on first use.
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
// and the click would be lost. So while a pointer is down, leaving a field waits for its release
// (and for the click that follows it) before the fixed elements come back.
let pointerDown = false
let waiting: boolean | null = null

function release() {
  pointerDown = false
  if (waiting === null) return
  const next = waiting
  waiting = null
  // After the click event of this press has been dispatched.
  setTimeout(() => set(next && isFormField(document.activeElement)), 0)
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
}

function focusMoved(to: Element | null) {
  if (isFormField(to)) {
    waiting = null
    set(true)
  } else if (pointerDown) {
    waiting = false
  } else {
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
