import { describe, expect, it } from 'vitest'
import {
  IMAGE_ACCEPT,
  isAcceptedImageFile,
  isAllowedLinkHref,
  safeImageSrc,
  safeLinkHref,
} from './rules'

describe('link rules', () => {
  it('allows http, https, mailto and tel', () => {
    expect(safeLinkHref('https://roots.example/sites')).toBe('https://roots.example/sites')
    expect(safeLinkHref(' http://roots.example ')).toBe('http://roots.example/')
    expect(safeLinkHref('mailto:hello@roots.example')).toBe('mailto:hello@roots.example')
    expect(safeLinkHref('tel:+441234567890')).toBe('tel:+441234567890')
    expect(safeLinkHref('HTTPS://ROOTS.EXAMPLE')).toBe('https://roots.example/')
  })

  it('refuses every other scheme, relative links and obfuscations', () => {
    for (
      const href of [
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'java\nscript:alert(1)',
        '\u0001javascript:alert(1)',
        'javascript&colon;alert(1)',
        'vbscript:msgbox(1)',
        'data:text/html,<script>alert(1)</script>',
        'file:///etc/passwd',
        'ftp://x.example',
        'blob:https://x/1',
        '/sites',
        'sites',
        '//evil.example',
        'https://',
        '',
        'https://exa\u0000mple.com',
      ]
    ) expect(isAllowedLinkHref(href), JSON.stringify(href)).toBe(false)
    expect(isAllowedLinkHref(42)).toBe(false)
    expect(isAllowedLinkHref(null)).toBe(false)
  })
})

describe('image rules', () => {
  it('accepts png, gif, jpeg, bmp and icon files', () => {
    for (
      const [name, type] of [
        ['a.png', 'image/png'],
        ['b.GIF', 'image/gif'],
        ['c.jpg', 'image/jpeg'],
        ['d.jpeg', 'image/jpeg'],
        ['e.bmp', 'image/bmp'],
        ['f.ico', 'image/x-icon'],
        ['g.ico', 'image/vnd.microsoft.icon'],
        ['h.png', ''],
      ]
    ) expect(isAcceptedImageFile({ name: name!, type: type! }), name).toBe(true)
  })

  it('refuses other types, and a disguised file', () => {
    for (
      const [name, type] of [
        ['a.svg', 'image/svg+xml'],
        ['b.webp', 'image/webp'],
        ['c.html', 'text/html'],
        ['d.png', 'image/svg+xml'],
        ['e.svg', 'image/png'],
        ['noext', 'image/png'],
        ['f.png.exe', 'application/octet-stream'],
      ]
    ) expect(isAcceptedImageFile({ name: name!, type: type! }), name).toBe(false)
  })

  it('advertises the same list to the file picker', () => {
    expect(IMAGE_ACCEPT.split(',')).toEqual([
      'image/png',
      'image/gif',
      'image/jpeg',
      'image/bmp',
      'image/x-icon',
      'image/vnd.microsoft.icon',
      '.png',
      '.gif',
      '.jpg',
      '.jpeg',
      '.bmp',
      '.ico',
    ])
  })

  it('shows images only from http(s) or our own paths', () => {
    expect(safeImageSrc('https://cdn.example/images/a.png')).toBe(
      'https://cdn.example/images/a.png',
    )
    expect(safeImageSrc('/images/a.png')).toBe('/images/a.png')
    for (
      const src of [
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        '//evil/a.png',
        '/\\evil/a.png',
        'a.png',
        '/x" onerror="alert(1)',
        'vbscript:x',
      ]
    ) {
      expect(safeImageSrc(src), src).toBeNull()
    }
  })
})
