// /admin/users: staff and members; admins give or take away staff roles, and sign a user out
// everywhere (a lost phone, an account that looks misused), each after a confirmation.
import { css } from 'goober'
import { useEffect, useState } from 'react'
import { ConfirmDialog, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { toast } from '@/lib/toast'
import { useRoles } from '../api/get-roles'
import { type UserFilters, type UserRow, USERS_PAGE_SIZE, useUsers } from '../api/get-users'
import { useSetUserRole } from '../api/set-user-role'
import { useEndUserSessions } from '../api/end-sessions'
import { breakAll } from '@/components/admin/styles'
import { buttonSecondary, visuallyHidden } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'

const roleSelect = css`
  min-height: 2.75rem;
  font: inherit;
`

export function AdminUsersRoute({ currentUserId }: { currentUserId: string }) {
  const roles = useRoles()
  const [searchText, setSearchText] = useState('')
  const [filters, setFilters] = useState<UserFilters>({ search: '', role: '' })
  const [page, setPage] = useState(0)
  const [change, setChange] = useState<{ user: UserRow; roleId: number | null } | null>(null)
  const users = useUsers(filters, page)
  const setRole = useSetUserRole()
  const [signOut, setSignOut] = useState<UserRow | null>(null)
  const endSessions = useEndUserSessions()
  usePageMeta('Users')
  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText })), 300)
    return () => clearTimeout(t)
  }, [searchText])
  useEffect(() => setPage(0), [filters])
  const total = users.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))
  const roleLabel = (id: number | null) =>
    id === null ? 'no staff role' : (roles.data?.find((r) => r.id === id)?.label ?? `role ${id}`)

  return (
    <>
      <PageHeader title='Users' />
      <div className={toolbar} role='search'>
        <Field label='Search users'>
          <input
            type='search'
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder='Name or email'
          />
        </Field>
        <Field label='Role'>
          <select value={filters.role} onChange={(e) => setFilters((f) => ({ ...f, role: e.target.value }))}>
            <option value=''>Everyone</option>
            <option value='staff'>Any staff role</option>
            <option value='none'>No staff role</option>
            {roles.data?.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {users.isPending && <Status>Loading users…</Status>}
      {users.isError && <ErrorNotice title='The users could not be loaded' message={users.error.message} />}
      <DataTable
        rows={users.data?.rows}
        head={['Name', 'Email', 'Staff role', 'Sign-in']}
        caption={
          <>
            {total} {total === 1 ? 'user' : 'users'}
          </>
        }
        empty='No user matches.'
        pager={{ page, pages, onPage: setPage }}
      >
        {(u) => (
          <tr key={u.id}>
            <td>
              {u.full_name ?? '—'}
              {u.id === currentUserId ? ' (you)' : ''}
            </td>
            <td className={breakAll}>{u.email ?? '—'}</td>
            <td>
              <label>
                <span className={visuallyHidden}>Staff role of {u.email ?? u.full_name}</span>
                <select
                  value={u.role_id === null ? '' : String(u.role_id)}
                  disabled={u.id === currentUserId}
                  className={roleSelect}
                  onChange={(e) =>
                    setChange({ user: u, roleId: e.target.value === '' ? null : Number(e.target.value) })
                  }
                >
                  <option value=''>No staff role</option>
                  {roles.data?.map((r) => (
                    <option key={r.id} value={String(r.id)}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </label>
            </td>
            <td>
              {u.id !== currentUserId && (
                <button type='button' className={buttonSecondary} onClick={() => setSignOut(u)}>
                  Sign out everywhere<span className={visuallyHidden}> ({u.email ?? u.full_name})</span>
                </button>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      {change && (
        <ConfirmDialog
          title={change.roleId === null ? 'Remove staff role?' : 'Change staff role?'}
          confirmLabel={change.roleId === null ? 'Remove role' : 'Change role'}
          busy={setRole.isPending}
          onCancel={() => setChange(null)}
          onConfirm={() =>
            setRole.mutate(
              { userId: change.user.id, roleId: change.roleId },
              {
                onSuccess: () => {
                  toast.success('Role changed')
                  setChange(null)
                },
                onError: (e) => {
                  toast.error(e.message)
                  setChange(null)
                },
              },
            )
          }
        >
          <p>
            {change.user.email ?? change.user.full_name} will change from {roleLabel(change.user.role_id)} to{' '}
            {roleLabel(change.roleId)}. Access follows at their next request.
          </p>
        </ConfirmDialog>
      )}
      {signOut && (
        <ConfirmDialog
          title={`Sign ${signOut.email ?? signOut.full_name ?? 'this user'} out everywhere?`}
          confirmLabel='Sign out everywhere'
          busy={endSessions.isPending}
          onCancel={() => setSignOut(null)}
          onConfirm={() =>
            endSessions.mutate(signOut.id, {
              onSuccess: (n) => {
                const who = signOut.email ?? signOut.full_name ?? 'The user'
                toast.success(
                  n === 0
                    ? `${who} was not signed in anywhere`
                    : `${who} is signed out everywhere (${n} ${n === 1 ? 'session' : 'sessions'} ended)`,
                )
                setSignOut(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setSignOut(null)
              },
            })
          }
        >
          <p>
            For a lost phone or an account that looks misused. Every device signed in to this account must sign in again
            on its next page, and none can renew its sign-in; a page already open keeps what it shows for up to an hour.
            Their role and data are unchanged, and this goes in the audit log.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
