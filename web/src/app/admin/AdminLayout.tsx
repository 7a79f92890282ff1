// The two admin layouts (which one a path uses: the admin route table, routes.tsx).
// Both show the signed-in user and sign-out at the top and only the navigation the role may open.
// - 'admin-desktop': lists, tables and dashboards. Side navigation beside the content from
//   60rem up; below that it folds behind a menu button, so it still works at 360 px.
// - 'admin': one form at a time. A single narrow column, a link back to where the form belongs,
//   and the navigation behind a menu button at every width.
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { buttonSecondary } from '@/components/styles'
import { useTableRegions } from '@/components/admin/table-regions'
import { toast } from '@/lib/toast'
import type { AdminRole } from '@/features/admin-auth/guard'
import { useSignOut } from '@/features/admin-auth/api/sign-out'
import { useAdminSession } from '@/features/admin-auth/components/AdminGuard'
import { type AdminLayoutName, backHref } from './admin-layouts'
import { isCurrent, navFor } from './nav'
import { adminHomeFor } from './routes'

const ROLE_LABELS: Record<string, string> = {
  roots_official: 'Roots Official',
  roots_team: 'Roots Team',
  founder: 'Founder',
  patch_manager: 'Patch Manager',
}

const common = css`
  min-height: 100dvh;
  background: var(--roots-background);
  .skip {
    position: absolute;
    left: 0.5rem;
    top: -4rem;
    z-index: 1100;
    padding: 0.5rem 1rem;
    border-radius: 0.5rem;
    background: var(--roots-primary);
    color: #fff;
  }
  .skip:focus {
    top: 0.5rem;
  }
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    flex-wrap: wrap;
    padding: 0.5rem 1rem;
    background: var(--roots-primary);
    color: #fff;
  }
  header .brand {
    color: #fff;
    font-weight: 800;
    text-decoration: none;
    font-size: 1.1rem;
  }
  header .who {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
  header .who span {
    font-size: 0.95rem;
  }
  header button {
    background: #fff;
  }
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.25rem;
  }
  nav a {
    display: block;
    padding: 0.625rem 0.75rem;
    border-radius: 0.375rem;
    color: var(--roots-text);
    text-decoration: none;
    font-weight: 600;
  }
  nav a:hover {
    background: #eef2ee;
  }
  nav a[aria-current='page'] {
    background: var(--roots-primary);
    color: #fff;
  }
  main {
    min-width: 0;
  }
  main:focus {
    outline: none;
  }
`

const desktop = css`
  display: grid;
  grid-template-columns: 15rem 1fr;
  grid-template-rows: auto 1fr;
  header {
    grid-column: 1 / -1;
  }
  .menu {
    display: none;
  }
  > nav {
    background: var(--roots-surface);
    border-right: 1px solid #d9ddd9;
    padding: 1rem 0.5rem;
  }
  main {
    padding: 1.5rem clamp(1rem, 3vw, 2rem) 3rem;
  }
  @media (max-width: 60rem) {
    grid-template-columns: 1fr;
    grid-template-rows: auto auto 1fr;
    .menu {
      display: inline-flex;
    }
    > nav {
      border-right: 0;
      border-bottom: 1px solid #d9ddd9;
      padding: 0.5rem;
    }
    > nav[data-open='false'] {
      display: none;
    }
  }
`

const focused = css`
  > nav {
    background: var(--roots-surface);
    border-bottom: 1px solid #d9ddd9;
    padding: 0.5rem;
  }
  > nav ul {
    max-width: 48rem;
    margin: 0 auto;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
  }
  main {
    max-width: 48rem;
    margin: 0 auto;
    padding: 1rem 1rem 3rem;
  }
  .back {
    display: inline-block;
    margin-bottom: 0.75rem;
    font-weight: 600;
  }
`

export interface AdminShellProps {
  layout: AdminLayoutName
  /** The full path, e.g. /admin/locations/edit/3. */
  path: string
  role: AdminRole
  displayName: string
  onSignOut: () => void
  signingOut: boolean
  children: ReactNode
}

/** Either admin layout, from what it shows (the layouts below read it from the session). */
export function AdminShell({ layout, path, role, displayName, onSignOut, signingOut, children }: AdminShellProps) {
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(false), [path])
  const main = useRef<HTMLElement>(null)
  useTableRegions(main)
  const isDesktop = layout === 'admin-desktop'
  const home = adminHomeFor(role)
  return (
    <div className={`${common} ${isDesktop ? desktop : focused}`} data-layout={layout}>
      <a className='skip' href='#admin-main'>
        Skip to content
      </a>
      <header>
        <Link href={`~${home}`} className='brand'>
          Roots admin
        </Link>
        <div className='who'>
          <button
            type='button'
            className={`${buttonSecondary} menu`}
            aria-expanded={open}
            aria-controls='admin-nav'
            onClick={() => setOpen((o) => !o)}
          >
            Menu
          </button>
          <span data-testid='admin-user'>
            {displayName} · {ROLE_LABELS[role]}
          </span>
          <button type='button' className={buttonSecondary} disabled={signingOut} onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav id='admin-nav' aria-label='Admin' data-open={open} hidden={!isDesktop && !open}>
        <ul>
          {navFor(role).map((item) => (
            <li key={item.href}>
              <Link href={`~${item.href}`} aria-current={isCurrent(item, path) ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main ref={main} id='admin-main' tabIndex={-1}>
        {!isDesktop && (
          <Link href={`~${backHref(path)}`} className='back'>
            ← Back
          </Link>
        )}
        {children}
      </main>
    </div>
  )
}

function SessionShell({ layout, path, children }: { layout: AdminLayoutName; path: string; children: ReactNode }) {
  const { role, displayName } = useAdminSession()
  const signOut = useSignOut()
  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => toast.success('Signed out'),
      onError: (e) => toast.error(e.message),
    })
  return (
    <AdminShell
      layout={layout}
      path={path}
      role={role}
      displayName={displayName}
      onSignOut={onSignOut}
      signingOut={signOut.isPending}
    >
      {children}
    </AdminShell>
  )
}

export interface AdminLayoutProps {
  path: string
  children: ReactNode
}

/** Layout 'admin': one form in a narrow column, navigation behind the menu button. */
export function AdminLayout({ path, children }: AdminLayoutProps) {
  return (
    <SessionShell layout='admin' path={path}>
      {children}
    </SessionShell>
  )
}

/** Layout 'admin-desktop': side navigation beside lists, tables and dashboards. */
export function AdminDesktopLayout({ path, children }: AdminLayoutProps) {
  return (
    <SessionShell layout='admin-desktop' path={path}>
      {children}
    </SessionShell>
  )
}

export const adminLayouts: Record<AdminLayoutName, (props: AdminLayoutProps) => ReactNode> = {
  admin: AdminLayout,
  'admin-desktop': AdminDesktopLayout,
}
