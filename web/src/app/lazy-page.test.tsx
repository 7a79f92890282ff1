import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Suspense } from 'react'
import { lazyPage, preloadPage } from './lazy-page'

afterEach(cleanup)

const Page = ({ who }: { who: string }) => <h1>Hello {who}</h1>

describe('lazyPage', () => {
  it('renders at once, with no loading state, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }))
    const Lazy = lazyPage(load)
    await preloadPage(Lazy)
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy who='Sam' />
      </Suspense>,
    )
    expect(screen.getByRole('heading').textContent).toBe('Hello Sam')
    expect(screen.queryByText('Loading…')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('suspends like React.lazy when not preloaded, and loads once', async () => {
    let resolve: (m: { default: typeof Page }) => void = () => {}
    const load = vi.fn(
      () =>
        new Promise<{ default: typeof Page }>((r) => {
          resolve = r
        }),
    )
    const Lazy = lazyPage(load)
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy who='Ana' />
      </Suspense>,
    )
    expect(screen.getByText('Loading…')).toBeTruthy()
    const again = Lazy.preload()
    await act(async () => {
      resolve({ default: Page })
      await again
    })
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Ana')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed fetch', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page })
    const Lazy = lazyPage(load)
    await expect(Lazy.preload()).rejects.toThrow('offline')
    await Lazy.preload()
    expect(load).toHaveBeenCalledTimes(2)
    expect(await preloadPage(() => null)).toBeUndefined()
  })
})
