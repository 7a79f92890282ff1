import { describe, expect, it } from 'vitest'
import { isCurrent, NAV_ITEMS, navFor } from './nav'

describe('admin navigation', () => {
  it('admins see every entry; a patch manager only their three places', () => {
    for (const role of ['roots_official', 'roots_team', 'founder'] as const) {
      expect(navFor(role)).toEqual(NAV_ITEMS)
    }
    expect(navFor('patch_manager').map((i) => i.href)).toEqual([
      '/admin/waiting-list',
      '/admin/waiting-list/process',
      '/admin/waiting-list/manage-categories',
      '/admin/waiting-list/import',
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
  it('marks the current entry, and a tree entry for paths under it', () => {
    const locations = NAV_ITEMS.find((i) => i.label === 'Locations')!
    const waiting = NAV_ITEMS.find((i) => i.label === 'Waiting list')!
    expect(isCurrent(locations, '/admin/locations/edit/3')).toBe(true)
    expect(isCurrent(waiting, '/admin/waiting-list')).toBe(true)
    expect(isCurrent(waiting, '/admin/waiting-list/process')).toBe(false)
  })
})
