import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryLocation } from 'wouter/memory-location'
import { Router } from 'wouter'

const restSelect = vi.fn()
vi.mock('@/lib/sites/rest', () => ({ restSelect: (...a: unknown[]) => restSelect(...a) }))

const { PromoBar } = await import('./PromoBar')
const { pickBar, resetLiveBars, siteSlugFromPath } = await import('./promo-bar')

const NOW = Date.parse('2026-03-10T12:00:00Z')
const bar = (
  id: number,
  over: Partial<{
    text: string
    link: string | null
    starts_at: string | null
    ends_at: string | null
    site: { slug: string } | null
  }> = {},
) => ({ id, text: `Bar ${id}`, link: null, starts_at: null, ends_at: null, site: null, ...over })

beforeEach(() => {
  resetLiveBars()
  restSelect.mockReset()
  sessionStorage.clear()
})
afterEach(cleanup)

describe('siteSlugFromPath', () => {
  it('finds the site of site, landing, pre-registration and tour pages', () => {
    expect(siteSlugFromPath('/sites/bath/tuckers-meadow')).toBe('tuckers-meadow')
    expect(siteSlugFromPath('/sites/bath/tuckers-meadow/setup')).toBe('tuckers-meadow')
    expect(siteSlugFromPath('/landing/avon-views/join')).toBe('avon-views')
    expect(siteSlugFromPath('/landing/special/sugar-loaf-fields/join')).toBe('sugar-loaf-fields')
    expect(siteSlugFromPath('/prereg/daffodil-views/signup')).toBe('daffodil-views')
    expect(siteSlugFromPath('/')).toBeNull()
    expect(siteSlugFromPath('/sites')).toBeNull()
  })
})

describe('pickBar', () => {
  it('prefers the bar of the page site, else one for every site', () => {
    const bars = [bar(1), bar(2, { site: { slug: 'tuckers-meadow' } }), bar(3, { site: { slug: 'avon-views' } })]
    expect(pickBar(bars, 'tuckers-meadow', NOW)?.id).toBe(2)
    expect(pickBar(bars, 'galleywood-meadow', NOW)?.id).toBe(1)
    expect(pickBar(bars, null, NOW)?.id).toBe(1)
    expect(pickBar(bars.slice(1), null, NOW)).toBeNull()
  })
  it('never shows a bar before its start or after its end', () => {
    const bars = [
      bar(1, { ends_at: '2026-03-10T11:59:59Z' }),
      bar(2, { starts_at: '2026-03-10T12:00:01Z' }),
      bar(3, { starts_at: '2026-03-01T00:00:00Z', ends_at: '2026-03-11T00:00:00Z' }),
    ]
    expect(pickBar(bars, null, NOW)?.id).toBe(3)
    expect(pickBar(bars.slice(0, 2), null, NOW)).toBeNull()
  })
})

function renderAt(path: string) {
  const { hook } = memoryLocation({ path })
  return render(
    <Router hook={hook}>
      <PromoBar />
    </Router>,
  )
}

describe('PromoBar', () => {
  it('shows the live bar with its link, reading the bars once', async () => {
    restSelect.mockResolvedValue([
      bar(1, { text: 'Free starter bundle', link: '/sites' }),
      bar(2, { text: 'Bath only', site: { slug: 'tuckers-meadow' }, link: 'https://roots.example/bath' }),
    ])
    renderAt('/sites/bath/tuckers-meadow')
    const link = await screen.findByRole('link', { name: 'Bath only' })
    expect(link.getAttribute('href')).toBe('https://roots.example/bath')
    expect(screen.getByRole('complementary', { name: 'Offer' })).toBeTruthy()
    cleanup()
    renderAt('/')
    expect((await screen.findByRole('link', { name: 'Free starter bundle' })).getAttribute('href')).toBe('/sites')
    expect(restSelect).toHaveBeenCalledTimes(1)
    expect(restSelect.mock.calls[0]![0]).toBe('promo_bars')
  })
  it('a layout mounted again shows the bar in its first render, so the page does not shift twice', async () => {
    restSelect.mockResolvedValue([bar(1, { text: 'Free starter bundle' })])
    renderAt('/')
    expect(screen.queryByTestId('promo-bar')).toBeNull()
    await screen.findByTestId('promo-bar')
    cleanup()
    renderAt('/sites')
    expect(screen.getByTestId('promo-bar').querySelector('p')!.textContent).toBe('Free starter bundle')
    expect(restSelect).toHaveBeenCalledTimes(1)
  })
  it('shows nothing when there is no live bar or the read fails', async () => {
    restSelect.mockRejectedValue(new Error('offline'))
    const { container } = renderAt('/')
    await Promise.resolve()
    await new Promise((r) => setTimeout(r, 0))
    expect(container.innerHTML).toBe('')
    expect(screen.queryByTestId('promo-bar')).toBeNull()
  })
  it('publishes the height its ResizeObserver reports, without measuring itself on mounting', async () => {
    const observed: Array<{ target: Element; report: (blockSize: number) => void }> = []
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly cb: ResizeObserverCallback) {}
        observe(target: Element) {
          observed.push({
            target,
            report: (blockSize) =>
              this.cb(
                [{ target, borderBoxSize: [{ blockSize, inlineSize: 360 }] } as unknown as ResizeObserverEntry],
                this as unknown as ResizeObserver,
              ),
          })
        }
        disconnect() {}
        unobserve() {}
      },
    )
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    try {
      restSelect.mockResolvedValue([bar(1, { text: 'Free starter bundle' })])
      renderAt('/')
      const shown = await screen.findByTestId('promo-bar')
      expect(observed.map((o) => o.target)).toEqual([shown])
      expect(measured).not.toHaveBeenCalled()
      expect(document.documentElement.style.getPropertyValue('--roots-promo-height')).toBe('')
      observed[0]!.report(44.2)
      expect(document.documentElement.style.getPropertyValue('--roots-promo-height')).toBe('45px')
      observed[0]!.report(70)
      expect(document.documentElement.style.getPropertyValue('--roots-promo-height')).toBe('70px')
    } finally {
      measured.mockRestore()
      vi.unstubAllGlobals()
    }
  })
  it('publishes its height for the page to make room, and a visitor can hide it for the visit', async () => {
    // A browser without ResizeObserver: the bar measures itself once.
    vi.stubGlobal('ResizeObserver', undefined)
    restSelect.mockResolvedValue([
      bar(1, { text: 'Free starter bundle' }),
      bar(2, { text: 'Bath only', site: { slug: 'tuckers-meadow' } }),
    ])
    renderAt('/sites/bath/tuckers-meadow')
    await screen.findByText('Bath only')
    expect(document.documentElement.style.getPropertyValue('--roots-promo-height')).toMatch(/^\d+px$/)
    fireEvent.click(screen.getByRole('button', { name: 'Hide this offer' }))
    // The site's bar is hidden; the bar for every site takes its place.
    expect(screen.queryByText('Bath only')).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this offer' }))
    expect(screen.queryByTestId('promo-bar')).toBeNull()
    expect(document.documentElement.style.getPropertyValue('--roots-promo-height')).toBe('')
    cleanup()
    renderAt('/')
    expect(screen.queryByTestId('promo-bar')).toBeNull()
    vi.unstubAllGlobals()
  })
})
