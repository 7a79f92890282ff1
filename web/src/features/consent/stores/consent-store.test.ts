import { beforeEach, describe, expect, it } from 'vitest'
import { defaultConsentEntries } from '../consent-entries'
import type { ConsentEffects, StoredConsent } from '../consent-effects'
import {
  acceptAll,
  acceptNecessary,
  canCloseModal,
  clickOutsideModal,
  closeModal,
  consent,
  declineAll,
  hasUnsavedChanges,
  initConsent,
  isBannerVisible,
  isLocked,
  isReopenButtonVisible,
  openModal,
  saveSelection,
  toggle,
} from './consent-store'

const entries = defaultConsentEntries({
  marketingScriptUrl: '/chat.js',
  marketingCookieIds: ['chat_id', 'chat_*'],
})

function fakeEffects(stored: StoredConsent | null = null) {
  const log: string[] = []
  const fx: ConsentEffects & { stored: StoredConsent | null; log: string[] } = {
    stored,
    log,
    readStored: () => fx.stored,
    writeStored: (v) => {
      fx.stored = v
      log.push(`store ${v.status} [${v.enabled.join(',')}]`)
    },
    addScript: (e) => {
      if (e.src) log.push(`add ${e.id}`)
    },
    removeScript: (e) => {
      if (e.src) log.push(`remove ${e.id}`)
    },
    deleteCookies: (t) => log.push(`delete ${t.join(',')}`),
    reload: () => log.push('reload'),
  }
  return fx
}

let fx: ReturnType<typeof fakeEffects>
beforeEach(() => {
  fx = fakeEffects()
  initConsent(entries, {}, fx)
})

describe('consent: undecided', () => {
  it('starts undecided with the banner and the modal closed', () => {
    expect(consent.status).toBe('undecided')
    expect(consent.enabled).toEqual([])
    expect(isBannerVisible()).toBe(true)
    expect(consent.isModalOpen).toBe(false)
    expect(isReopenButtonVisible()).toBe(false)
    expect(fx.log).toEqual([])
  })

  it('preselects the checkboxes by isPreselected; necessary ones are checked and locked except functional', () => {
    expect(consent.selection).toEqual({
      necessary: true,
      functional: true,
      analytics: false,
      marketing: false,
    })
    expect(isLocked('necessary')).toBe(true)
    expect(isLocked('functional')).toBe(false)
    toggle('necessary')
    expect(consent.selection.necessary).toBe(true)
    toggle('functional')
    expect(consent.selection.functional).toBe(false)
  })

  it('follows isPreselected of optional entries too', () => {
    const e = defaultConsentEntries()
    e.optional[0]!.isPreselected = true
    initConsent(e, {}, fakeEffects())
    expect(consent.selection.analytics).toBe(true)
  })
})

describe('consent: decisions', () => {
  it('accept all enables every entry, adds scripts, stores it and reloads once for analytics', () => {
    acceptAll()
    expect(consent.status).toBe('given')
    expect(consent.enabled).toEqual(['necessary', 'functional', 'analytics', 'marketing'])
    expect(fx.log).toEqual([
      'store given [necessary,functional,analytics,marketing]',
      'add marketing',
      'reload',
    ])
    expect(isBannerVisible()).toBe(false)
    expect(isReopenButtonVisible()).toBe(true)
  })

  it('accept necessary only keeps consent given with the necessary group', () => {
    acceptNecessary()
    expect(consent.status).toBe('given')
    expect(consent.enabled).toEqual(['necessary', 'functional'])
    expect(fx.log).toEqual(['store given [necessary,functional]'])
    expect(isBannerVisible()).toBe(false)
  })

  it('saving a partial selection enables the locked necessary entries plus the chosen ones', () => {
    openModal()
    toggle('functional', false)
    toggle('marketing', true)
    saveSelection()
    expect(consent.status).toBe('given')
    expect(consent.enabled).toEqual(['necessary', 'marketing'])
    expect(consent.isModalOpen).toBe(false)
    expect(fx.log).toEqual(['store given [necessary,marketing]', 'add marketing'])
  })

  it('decline all sets not given and enables nothing', () => {
    declineAll()
    expect(consent.status).toBe('not_given')
    expect(consent.enabled).toEqual([])
    expect(fx.log).toEqual(['store not_given []'])
    expect(isBannerVisible()).toBe(false)
    expect(isReopenButtonVisible()).toBe(false)
  })

  it('withdrawing an optional entry deletes its cookies and removes its script', () => {
    acceptAll()
    fx.log.length = 0
    openModal()
    toggle('marketing', false)
    toggle('analytics', false)
    saveSelection()
    expect(consent.enabled).toEqual(['necessary', 'functional'])
    expect(fx.log).toEqual([
      'store given [necessary,functional]',
      'delete ph_*',
      'remove marketing',
      'delete chat_id,chat_*',
    ])
  })

  it('declining after accepting withdraws everything and does not reload', () => {
    acceptAll()
    fx.log.length = 0
    declineAll()
    expect(fx.log).toEqual([
      'store not_given []',
      'delete ph_*',
      'remove marketing',
      'delete chat_id,chat_*',
    ])
  })

  it('reloads only when analytics becomes enabled, not when it stays enabled', () => {
    openModal()
    toggle('analytics', true)
    saveSelection()
    expect(fx.log.filter((l) => l === 'reload')).toHaveLength(1)
    acceptAll()
    expect(fx.log.filter((l) => l === 'reload')).toHaveLength(1)
  })

  it('enabling an entry with no script adds none; enabling marketing later adds its script', () => {
    acceptNecessary()
    fx.log.length = 0
    openModal()
    toggle('marketing', true)
    saveSelection()
    expect(fx.log).toEqual(['store given [necessary,functional,marketing]', 'add marketing'])
  })
})

describe('consent: stored decisions', () => {
  it('restores a stored decision: scripts of enabled entries added, withdrawn cookies cleared, no banner, no reload', () => {
    fx = fakeEffects({
      status: 'given',
      enabled: ['necessary', 'analytics', 'marketing', 'gone-entry'],
    })
    initConsent(entries, {}, fx)
    expect(consent.status).toBe('given')
    expect(consent.enabled).toEqual(['necessary', 'analytics', 'marketing'])
    expect(consent.selection).toEqual({
      necessary: true,
      functional: false,
      analytics: true,
      marketing: true,
    })
    expect(isBannerVisible()).toBe(false)
    expect(isReopenButtonVisible()).toBe(true)
    expect(fx.log).toEqual(['add marketing'])
  })

  it('restores not given: no banner, no reopen button, optional cookies cleared', () => {
    fx = fakeEffects({ status: 'not_given', enabled: [] })
    initConsent(entries, {}, fx)
    expect(consent.status).toBe('not_given')
    expect(isBannerVisible()).toBe(false)
    expect(isReopenButtonVisible()).toBe(false)
    expect(fx.log).toEqual(['delete ph_*', 'delete chat_id,chat_*'])
  })

  it('hides the reopen button when disabled by option', () => {
    fx = fakeEffects({ status: 'given', enabled: ['necessary'] })
    initConsent(entries, { isReopenButtonEnabled: false }, fx)
    expect(isReopenButtonVisible()).toBe(false)
  })
})

describe('consent: the settings modal', () => {
  it('shows the unsaved note only while the selection differs from the saved decision', () => {
    acceptNecessary()
    openModal()
    expect(hasUnsavedChanges()).toBe(false)
    toggle('analytics', true)
    expect(hasUnsavedChanges()).toBe(true)
    toggle('analytics', false)
    expect(hasUnsavedChanges()).toBe(false)
    toggle('functional', false)
    expect(hasUnsavedChanges()).toBe(true)
  })

  it('counts the preselection as unsaved while undecided', () => {
    openModal()
    expect(hasUnsavedChanges()).toBe(true)
  })

  it('closes by the close button and discards the unsaved selection', () => {
    acceptNecessary()
    openModal()
    expect(isReopenButtonVisible()).toBe(false)
    toggle('analytics', true)
    expect(closeModal()).toBe(true)
    expect(consent.isModalOpen).toBe(false)
    expect(consent.selection.analytics).toBe(false)
    expect(consent.enabled).toEqual(['necessary', 'functional'])
  })

  it('closes by a click outside only when allowed', () => {
    openModal()
    expect(clickOutsideModal()).toBe(true)
    expect(consent.isModalOpen).toBe(false)
    initConsent(entries, { closeOnClickOutside: false }, fakeEffects())
    openModal()
    expect(clickOutsideModal()).toBe(false)
    expect(consent.isModalOpen).toBe(true)
    expect(closeModal()).toBe(true)
  })

  it('a forced modal opens on load while consent is missing, hides the banner and cannot be closed', () => {
    initConsent(entries, { isModalForced: true }, fakeEffects())
    expect(consent.isModalOpen).toBe(true)
    expect(isBannerVisible()).toBe(false)
    expect(canCloseModal()).toBe(false)
    expect(closeModal()).toBe(false)
    expect(clickOutsideModal()).toBe(false)
    expect(consent.isModalOpen).toBe(true)
    acceptNecessary()
    expect(consent.isModalOpen).toBe(false)
    openModal()
    expect(canCloseModal()).toBe(true)
    expect(closeModal()).toBe(true)
  })

  it('a forced modal does not open when consent is already stored', () => {
    initConsent(entries, { isModalForced: true }, fakeEffects({ status: 'not_given', enabled: [] }))
    expect(consent.isModalOpen).toBe(false)
  })
})
