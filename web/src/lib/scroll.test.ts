import { afterEach, describe, expect, it, vi } from 'vitest'
import { scrollAfterNavigation } from './scroll'
import { applyTheme, THEME_NAME } from '@/config/theme'

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('scroll after navigation', () => {
  it('scrolls smoothly to an anchor that exists', () => {
    const target = document.createElement('section')
    target.id = 'opening-times'
    document.body.appendChild(target)
    const into = vi.fn()
    target.scrollIntoView = into
    const to = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    expect(scrollAfterNavigation('#opening-times')).toBe('anchor')
    expect(into).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(to).not.toHaveBeenCalled()
  })

  it('jumps instantly to the top without an anchor, or when the anchor is missing', () => {
    const to = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    expect(scrollAfterNavigation('')).toBe('top')
    expect(scrollAfterNavigation('#nowhere')).toBe('top')
    expect(to).toHaveBeenCalledTimes(2)
    expect(to).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' })
  })

  it('decodes the anchor', () => {
    const target = document.createElement('div')
    target.id = 'plots & prices'
    target.scrollIntoView = vi.fn()
    document.body.appendChild(target)
    expect(scrollAfterNavigation('#plots%20%26%20prices')).toBe('anchor')
  })
})

describe('theme', () => {
  it('sets the roots theme attribute on the document', () => {
    document.documentElement.removeAttribute('data-theme')
    applyTheme()
    expect(THEME_NAME).toBe('roots')
    expect(document.documentElement.getAttribute('data-theme')).toBe('roots')
  })
})
