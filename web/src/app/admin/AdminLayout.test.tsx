import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { AdminRole } from '@/features/admin-auth/guard'
import { adminLayoutFor, type AdminLayoutName, backHref } from './admin-layouts'
import { AdminShell } from './AdminLayout'

afterEach(cleanup)

describe('which admin layout a path uses', () => {
  const cases: [string, AdminLayoutName][] = [
    ['/admin', 'admin-desktop'],
    ['/admin/locations', 'admin-desktop'],
    ['/admin/waiting-list', 'admin-desktop'],
    ['/admin/waiting-list/process', 'admin-desktop'],
    ['/admin/welcome-slots/12', 'admin-desktop'],
    ['/admin/waiting-list/comms/templates', 'admin-desktop'],
    ['/admin/products/add-ons', 'admin-desktop'],
    ['/admin/locations/add', 'admin'],
    ['/admin/locations/edit/3', 'admin'],
    ['/admin/welcome-slots/create', 'admin'],
    ['/admin/welcome-slots/12/edit', 'admin'],
    ['/admin/waiting-list/comms/create', 'admin'],
    ['/admin/waiting-list/comms/5/edit', 'admin'],
    ['/admin/events/create', 'admin'],
    ['/admin/security', 'admin'],
  ]
  for (const [path, layout] of cases) it(`${path} → ${layout}`, () => expect(adminLayoutFor(path)).toBe(layout))

  it('a form goes back to the list or record it belongs to', () => {
    expect(backHref('/admin/locations/edit/3')).toBe('/admin/locations')
    expect(backHref('/admin/locations/add')).toBe('/admin/locations')
    expect(backHref('/admin/welcome-slots/12/edit')).toBe('/admin/welcome-slots/12')
    expect(backHref('/admin/security')).toBe('/admin')
  })
})

function renderShell(layout: AdminLayoutName, path: string, role: AdminRole = 'roots_official') {
  const onSignOut = vi.fn()
  const loc = memoryLocation({ path })
  render(
    <Router hook={loc.hook}>
      <AdminShell
        layout={layout}
        path={path}
        role={role}
        displayName='Olive Official'
        onSignOut={onSignOut}
        signingOut={false}
      >
        <h1>Page</h1>
      </AdminShell>
    </Router>,
  )
  return onSignOut
}

describe('the two admin layouts', () => {
  it("'admin-desktop': navigation beside the page, the user and sign-out on top, no back link", () => {
    const onSignOut = renderShell('admin-desktop', '/admin/locations')
    expect(document.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('admin-desktop')
    const nav = screen.getByRole('navigation', { name: 'Admin' })
    expect(within(nav).getByRole('link', { name: 'Locations' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByTestId('admin-user').textContent).toBe('Olive Official · Roots Official')
    expect(screen.queryByRole('link', { name: '← Back' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
  })

  it("'admin': one column with a way back; the navigation opens from the menu button", () => {
    renderShell('admin', '/admin/locations/edit/3')
    expect(document.querySelector('[data-layout]')!.getAttribute('data-layout')).toBe('admin')
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull()
    expect(screen.getByRole('link', { name: '← Back' }).getAttribute('href')).toBe('/admin/locations')
    const menu = screen.getByRole('button', { name: 'Menu' })
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    const nav = screen.getByRole('navigation', { name: 'Admin' })
    expect(within(nav).getByRole('link', { name: 'Locations' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByTestId('admin-user').textContent).toContain('Olive Official')
  })

  it('both show a patch manager only what they may open', () => {
    for (const layout of ['admin', 'admin-desktop'] as const) {
      renderShell(layout, '/admin/waiting-list', 'patch_manager')
      if (layout === 'admin') fireEvent.click(screen.getByRole('button', { name: 'Menu' }))
      const links = within(screen.getByRole('navigation', { name: 'Admin' }))
        .getAllByRole('link')
        .map((a) => a.textContent)
      expect(links).toEqual([
        'Waiting list',
        'Plots',
        'Process offers',
        'Categories',
        'Import a waiting list',
        'Gate codes',
        'Inspections',
        'Arrears',
        'Data erasure requests',
      ])
      expect(screen.getByRole('link', { name: 'Roots admin' }).getAttribute('href')).toBe('/admin/waiting-list')
      cleanup()
    }
  })
})
