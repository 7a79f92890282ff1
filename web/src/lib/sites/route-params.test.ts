import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/errors/http-error'
import { paramString, slugParam } from './route-params'

describe('route parameters', () => {
  it('are strings; an array takes its first item', () => {
    expect(paramString(['first', 'second'])).toBe('first')
    expect(paramString('one')).toBe('one')
    expect(paramString(undefined)).toBe('')
    expect(paramString([])).toBe('')
  })

  it('fail validation with 404 Page Not Found: {path}', () => {
    expect(slugParam(['tuckers-meadow', 'x'], '/p')).toBe('tuckers-meadow')
    let thrown: unknown
    try {
      slugParam('bad slug!', '/sites/bath/bad%20slug!')
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(HttpError)
    expect((thrown as HttpError).status).toBe(404)
    expect((thrown as HttpError).message).toBe('Page Not Found: /sites/bath/bad%20slug!')
  })
})
