// The admin layouts of spec §2: 'admin-desktop' (side navigation from 60rem up) and 'admin'
// (a top bar whose menu button opens the navigation on narrow screens). The navigation shows
// only what the role may open; the signed-in user and sign-out sit at the top.
import { type ReactNode, useEffect, useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useSignOut } from '@/features/admin-auth/api/sign-out'
import { useAdminSession } from '@/features/admin-auth/components/AdminGuard'
import { isCurrent, navFor } from './nav'

const ROLE_LABELS: Record<string, string> = {
  roots_official: 'Roots Official', roots_team: 'Roots Team', founder: 'Founder', patch_manager: 'Patch Manager',
}

const shell = css`
  min-height: 100dvh; display: grid; grid-template-columns: 15rem 1fr; grid-template-rows: auto 1fr; background: var(--roots-background);
  .skip { position: absolute; left: 0.5rem; top: -4rem; z-index: 1100; padding: 0.5rem 1rem; border-radius: 0.5rem; background: var(--roots-primary); color: #fff; }
  .skip:focus { top: 0.5rem; }
  header {
    grid-column: 1 / -1; display: flex; align-items: center; justify-content: space-between; gap: 0.75rem; flex-wrap: wrap;
    padding: 0.5rem 1rem; background: var(--roots-primary); color: #fff;
  }
  header .brand { color: #fff; font-weight: 800; text-decoration: none; font-size: 1.1rem; }
  header .who { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; }
  header .who span { font-size: 0.95rem; }
  header button { background: #fff; }
  .menu { display: none; }
  > nav { background: var(--roots-surface); border-right: 1px solid #d9ddd9; padding: 1rem 0.5rem; }
  > nav ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.25rem; }
  > nav a { display: block; padding: 0.625rem 0.75rem; border-radius: 0.375rem; color: var(--roots-text); text-decoration: none; font-weight: 600; }
  > nav a:hover { background: #eef2ee; }
  > nav a[aria-current='page'] { background: var(--roots-primary); color: #fff; }
  main { padding: 1.5rem clamp(1rem, 3vw, 2rem) 3rem; min-width: 0; }
  main:focus { outline: none; }
  @media (max-width: 60rem) {
    grid-template-columns: 1fr; grid-template-rows: auto auto 1fr;
    .menu { display: inline-flex; }
    > nav { border-right: 0; border-bottom: 1px solid #d9ddd9; padding: 0.5rem; }
    > nav[data-open='false'] { display: none; }
  }
`

export function AdminLayout({ path, children }: { path: string; children: ReactNode }) {
  const { role, displayName } = useAdminSession()
  const signOut = useSignOut()
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(false), [path])
  const items = navFor(role)
  return (
    <div className={shell}>
      <a className='skip' href='#admin-main'>Skip to content</a>
      <header>
        <Link href={`~${role === 'patch_manager' ? paths.adminWaitingList.getHref() : paths.admin.getHref()}`} className='brand'>Roots admin</Link>
        <div className='who'>
          <button type='button' className={`${buttonSecondary} menu`} aria-expanded={open} aria-controls='admin-nav' onClick={() => setOpen((o) => !o)}>Menu</button>
          <span data-testid='admin-user'>{displayName} · {ROLE_LABELS[role]}</span>
          <button
            type='button'
            className={buttonSecondary}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, {
              onSuccess: () => toast.success('Signed out'),
              onError: (e) => toast.error(e.message),
            })}
          >
            Sign out
          </button>
        </div>
      </header>
      <nav id='admin-nav' aria-label='Admin' data-open={open}>
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <Link href={`~${item.href}`} aria-current={isCurrent(item, path) ? 'page' : undefined}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id='admin-main' tabIndex={-1}>{children}</main>
    </div>
  )
}
