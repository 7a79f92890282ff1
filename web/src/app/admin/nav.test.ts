import { describe, expect, it } from 'vitest'
import { isCurrent, NAV_ITEMS, navFor } from './nav'

describe('admin navigation', () => {
  it('admins see every entry; a patch manager only their own places', () => {
    for (const role of ['roots_official', 'roots_team', 'founder'] as const) {
      expect(navFor(role)).toEqual(NAV_ITEMS)
    }
    expect(navFor('patch_manager').map((i) => i.href)).toEqual([
      '/admin/waiting-list',
      '/admin/plots',
      '/admin/waiting-list/process',
      '/admin/waiting-list/manage-categories',
      '/admin/waiting-list/import',
      '/admin/site-access',
      '/admin/inspections',
      '/admin/arrears',
      '/admin/data-rights',
    ])
  })
  it('lists the career applications and sowing reminders for admins only (RLS lets only them read the rows)', () => {
    const hrefs = ['/admin/career-applications', '/admin/sowing-reminders']
    for (const role of ['roots_official', 'roots_team', 'founder'] as const) {
      expect(navFor(role).filter((i) => hrefs.includes(i.href)).map((i) => i.label)).toEqual([
        'Career applications',
        'Sowing reminders',
      ])
    }
    expect(navFor('patch_manager').filter((i) => hrefs.includes(i.href))).toEqual([])
  })
  it('offers course reviews and the audit log to admins only (the database lets only them review and read it)', () => {
    const hrefs = ['/admin/course-reviews', '/admin/audit']
    for (const role of ['roots_official', 'roots_team', 'founder'] as const) {
      expect(navFor(role).filter((i) => hrefs.includes(i.href)).map((i) => i.label)).toEqual([
        'Course reviews',
        'Audit log',
      ])
    }
    expect(navFor('patch_manager').filter((i) => hrefs.includes(i.href))).toEqual([])
  })
  it('offers the blog posts to admins only (RLS lets only them write posts), the entry current for a post being edited', () => {
    for (const role of ['roots_official', 'roots_team', 'founder'] as const) {
      expect(navFor(role).filter((i) => i.href === '/admin/blogs').map((i) => i.label)).toEqual([
        'Blog posts',
      ])
    }
    expect(navFor('patch_manager').filter((i) => i.href.startsWith('/admin/blogs'))).toEqual([])
    const blog = NAV_ITEMS.find((i) => i.label === 'Blog posts')!
    expect(isCurrent(blog, '/admin/blogs/edit/4')).toBe(true)
    expect(isCurrent(blog, '/admin/blogs/create')).toBe(true)
  })
  it('marks the current entry, and a tree entry for paths under it', () => {
    const locations = NAV_ITEMS.find((i) => i.label === 'Locations')!
    const waiting = NAV_ITEMS.find((i) => i.label === 'Waiting list')!
    expect(isCurrent(locations, '/admin/locations/edit/3')).toBe(true)
    expect(isCurrent(waiting, '/admin/waiting-list')).toBe(true)
    expect(isCurrent(waiting, '/admin/waiting-list/process')).toBe(false)
  })
})
