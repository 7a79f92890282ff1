import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TravelIcon } from './TravelIcon'

afterEach(cleanup)

describe('TravelIcon', () => {
  it('draws each travel mode, public transport as a bus and anything else as a pin, hidden from screen readers', () => {
    const drawn = (kind: string) => {
      const { container } = render(<TravelIcon kind={kind} />)
      const svg = container.querySelector('svg')!
      expect(svg.getAttribute('aria-hidden')).toBe('true')
      const shape = svg.getAttribute('data-icon')
      cleanup()
      return shape
    }
    expect(['bike', 'bus', 'car', 'walk', 'tram', 'train'].map(drawn)).toEqual([
      'bike',
      'bus',
      'car',
      'walk',
      'tram',
      'train',
    ])
    expect(drawn('public_transport')).toBe('bus')
    expect(drawn('rocket')).toBe('pin')
  })
})
