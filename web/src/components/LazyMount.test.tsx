import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LazyMount } from './LazyMount'

const observers: Array<{
  cb: IntersectionObserverCallback
  options?: IntersectionObserverInit
  disconnected: boolean
}> = []

class FakeObserver {
  private entry: (typeof observers)[number]
  constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { cb, options, disconnected: false }
    observers.push(this.entry)
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true
  }
}

afterEach(() => {
  cleanup()
  observers.length = 0
})

describe('LazyMount', () => {
  it('waits until within 50px of the viewport, then mounts and stops observing', () => {
    const original = globalThis.IntersectionObserver
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver
    try {
      render(
        <LazyMount label='Site map'>
          <p>map</p>
        </LazyMount>,
      )
      expect(screen.queryByText('map')).toBeNull()
      expect(observers[0]!.options?.rootMargin).toBe('50px')
      act(() => observers[0]!.cb([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver))
      expect(screen.queryByText('map')).toBeNull()
      act(() => observers[0]!.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))
      expect(screen.getByText('map')).toBeTruthy()
      expect(observers[0]!.disconnected).toBe(true)
    } finally {
      globalThis.IntersectionObserver = original
    }
  })
})
