import { describe, expect, it } from 'vitest'
import { ancestorsOf, childrenOf, kbLink, searchTerms, segmentLabel } from './kb-paths'

describe('knowledge-base paths', () => {
  it('accepts nested lowercase slug paths, strips a trailing slash, and treats none as the home', () => {
    expect(kbLink('growing/vegetables/tomatoes', '/kb/growing/vegetables/tomatoes')).toBe(
      'growing/vegetables/tomatoes',
    )
    expect(kbLink('getting-started/', '/kb/getting-started/')).toBe('getting-started')
    expect(kbLink(undefined, '/kb')).toBe('')
    expect(kbLink('', '/kb/')).toBe('')
  })

  it('answers a malformed path with 404 Page Not Found: {path}', () => {
    for (const bad of ['Growing', 'a//b', 'a b', '-a', 'a/../b', 'a/b_c']) {
      let caught: unknown
      try {
        kbLink(bad, `/kb/${bad}`)
      } catch (e) {
        caught = e
      }
      expect((caught as { status?: number }).status, bad).toBe(404)
      expect((caught as Error).message).toBe(`Page Not Found: /kb/${bad}`)
    }
  })

  it('lists the ancestors outermost first, and labels one without an article', () => {
    expect(ancestorsOf('a/b/c')).toEqual(['a', 'a/b'])
    expect(ancestorsOf('a')).toEqual([])
    expect(segmentLabel('growing/first-steps')).toBe('First steps')
  })

  it('finds direct children only', () => {
    const rows = [{ path: 'a' }, { path: 'a/b' }, { path: 'a/b/c' }, { path: 'a/d' }, {
      path: 'ab/x',
    }, { path: 'z' }]
    expect(childrenOf('a', rows).map((r) => r.path)).toEqual(['a/b', 'a/d'])
    expect(childrenOf('', rows).map((r) => r.path)).toEqual(['a', 'z'])
    expect(childrenOf('a/b/c', rows)).toEqual([])
  })

  it('keeps only words from a search, so it cannot break out of the REST filter', () => {
    expect(searchTerms('  compost,bins (3)*"  ')).toBe('compost bins 3')
    expect(searchTerms("don't dig")).toBe("don't dig")
    expect(searchTerms('%%%')).toBe('')
    expect(searchTerms('x'.repeat(300))).toHaveLength(100)
  })
})
