// Cookie consent: states given / not given / undecided, the four decisions, the
// settings modal's selection and its effects. Client state, so valtio; actions at module level.
import { proxy } from 'valtio'
import {
  ANALYTICS_ID,
  type ConsentEntries,
  type ConsentEntry,
  FUNCTIONAL_ID,
} from '../consent-entries'
import { browserConsentEffects, type ConsentEffects, type ConsentStatus } from '../consent-effects'

export interface ConsentOptions {
  /** Open the modal on load while consent is missing, with no way to close it undecided. */
  isModalForced: boolean
  /** Show a button to reopen the settings once consent is given. */
  isReopenButtonEnabled: boolean
  /** Clicking outside the modal closes it (when it may be closed at all). */
  closeOnClickOutside: boolean
}

export const defaultConsentOptions: ConsentOptions = {
  isModalForced: false,
  isReopenButtonEnabled: true,
  closeOnClickOutside: true,
}

interface ConsentState {
  entries: ConsentEntries
  options: ConsentOptions
  status: ConsentStatus
  /** Saved decision: the enabled entry ids. */
  enabled: string[]
  /** The modal's checkboxes. */
  selection: Record<string, boolean>
  isModalOpen: boolean
}

export const consent = proxy<ConsentState>({
  entries: { necessary: [], optional: [] },
  options: defaultConsentOptions,
  status: 'undecided',
  enabled: [],
  selection: {},
  isModalOpen: false,
})

let effects: ConsentEffects = browserConsentEffects()

// ── derived ─────────────────────────────────────────────────────────────────────────────────

const allEntries = (
  s: Pick<ConsentState, 'entries'> = consent,
) => [...s.entries.necessary, ...s.entries.optional]
const findEntry = (id: string) => allEntries().find((e) => e.id === id)

/** Necessary entries other than functional are always on and cannot be toggled. */
export const isLocked = (id: string) =>
  consent.entries.necessary.some((e) => e.id === id && e.id !== FUNCTIONAL_ID)

const lockedIds = () =>
  consent.entries.necessary.filter((e) => e.id !== FUNCTIONAL_ID).map((e) => e.id)

export const isBannerVisible = (s: ConsentState = consent) =>
  s.status === 'undecided' && !s.options.isModalForced
export const isReopenButtonVisible = (s: ConsentState = consent) =>
  s.options.isReopenButtonEnabled && s.status === 'given' && !s.isModalOpen
/** A forced modal cannot be closed while consent is missing. */
export const canCloseModal = (s: ConsentState = consent) =>
  !(s.options.isModalForced && s.status === 'undecided')

function savedSelection(): Record<string, boolean> {
  const sel: Record<string, boolean> = {}
  for (const e of allEntries()) {
    sel[e.id] = isLocked(e.id) ||
      (consent.status === 'undecided' ? !!e.isPreselected : consent.enabled.includes(e.id))
  }
  return sel
}

/** The selection differs from the saved decision (nothing is saved while undecided). */
export function hasUnsavedChanges(s: ConsentState = consent): boolean {
  return allEntries(s).some((e) => {
    if (s.entries.necessary.some((n) => n.id === e.id && n.id !== FUNCTIONAL_ID)) return false
    return !!s.selection[e.id] !== s.enabled.includes(e.id)
  })
}

export const isEnabled = (id: string) => consent.enabled.includes(id)

// ── set-up ──────────────────────────────────────────────────────────────────────────────────

/** Loads entries, options and the stored decision; applies the enabled entries' scripts. */
export function initConsent(
  entries: ConsentEntries,
  options: Partial<ConsentOptions> = {},
  fx: ConsentEffects = browserConsentEffects(),
) {
  effects = fx
  consent.entries = entries
  consent.options = { ...defaultConsentOptions, ...options }
  const stored = fx.readStored()
  const known = new Set(allEntries().map((e) => e.id))
  consent.status = stored?.status ?? 'undecided'
  consent.enabled = stored ? stored.enabled.filter((id) => known.has(id)) : []
  consent.selection = savedSelection()
  consent.isModalOpen = consent.status === 'undecided' && consent.options.isModalForced
  for (const e of allEntries()) {
    if (consent.enabled.includes(e.id)) fx.addScript(e)
    else if (consent.status !== 'undecided' && e.targetCookieIds?.length) {
      fx.deleteCookies(e.targetCookieIds)
    }
  }
}

// ── decisions ───────────────────────────────────────────────────────────────────────────────

function decide(status: 'given' | 'not_given', enabled: string[]) {
  const before = new Set(consent.enabled)
  const after = new Set(enabled)
  consent.status = status
  consent.enabled = allEntries().map((e) => e.id).filter((id) => after.has(id))
  consent.selection = savedSelection()
  consent.isModalOpen = false
  effects.writeStored({ status, enabled: consent.enabled })
  for (const e of allEntries()) {
    if (before.has(e.id) && !after.has(e.id)) withdraw(e)
    else if (!before.has(e.id) && after.has(e.id)) effects.addScript(e)
  }
  if (!before.has(ANALYTICS_ID) && after.has(ANALYTICS_ID)) effects.reload()
}

function withdraw(e: ConsentEntry) {
  effects.removeScript(e)
  if (e.targetCookieIds?.length) effects.deleteCookies(e.targetCookieIds)
}

/** Every necessary and optional entry. */
export const acceptAll = () => decide('given', allEntries().map((e) => e.id))
/** Consent given, necessary entries only. */
export const acceptNecessary = () => decide('given', consent.entries.necessary.map((e) => e.id))
/** Necessary (locked) entries plus the chosen ones. */
export const saveSelection = () =>
  decide('given', [
    ...lockedIds(),
    ...allEntries().filter((e) => !isLocked(e.id) && consent.selection[e.id]).map((e) => e.id),
  ])
/** Consent not given; nothing enabled. */
export const declineAll = () => decide('not_given', [])

// ── the modal ───────────────────────────────────────────────────────────────────────────────

export function toggle(id: string, on?: boolean) {
  if (isLocked(id) || !findEntry(id)) return
  consent.selection[id] = on ?? !consent.selection[id]
}

export function openModal() {
  consent.selection = savedSelection()
  consent.isModalOpen = true
}

/** The close button and Escape. Refused for a forced modal while undecided. */
export function closeModal() {
  if (!canCloseModal()) return false
  consent.isModalOpen = false
  consent.selection = savedSelection()
  return true
}

/** A click outside the dialog: closes only when allowed. */
export function clickOutsideModal() {
  return consent.options.closeOnClickOutside ? closeModal() : false
}
