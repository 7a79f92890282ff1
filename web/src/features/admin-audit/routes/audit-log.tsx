// /admin/audit: who did what. Each entry names the person (name and e-mail as they were then) or
// the system (the service role, the scheduler), the function that wrote for them, what happened
// to which row (or to how many at once: a scheduled job's bulk write is one entry), and each
// changed field before → after. Cards rather than a table, so it reads at
// 360 px; filters by person and by table.
import { useState } from 'react'
import { css } from 'goober'
import { EmptyState, ErrorNotice, Field, PageHeader, Pager, Status, toolbar } from '@/components/admin/ui'
import { visuallyHidden } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { ROLE_LABELS } from '@common/roles'
import { AUDIT_PAGE_SIZE, type AuditEntry, type FieldChange, useAuditLog } from '../api/get-audit-log'
import { dateTimeSeconds } from '@/lib/dates'

const list = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.75rem 1rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    justify-content: space-between;
    margin: 0 0 0.5rem;
  }
  .who {
    font-weight: 700;
  }
  .muted {
    color: var(--roots-muted);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9rem;
    table-layout: fixed;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 0.25rem;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 0.25rem 0.5rem;
    border-top: 1px solid #e3e6e3;
    overflow-wrap: anywhere;
  }
  th[scope='row'] {
    width: 28%;
  }
  del {
    color: var(--roots-error);
  }
  ins {
    color: var(--roots-primary);
    text-decoration: none;
  }
  code {
    white-space: pre-wrap;
  }
`

const DONE: Record<string, string> = { insert: 'added', update: 'changed', delete: 'removed' }
const ROLE_NAMES: Record<string, string> = {
  ...ROLE_LABELS,
  service_role: 'the system (service role)',
  scheduler: 'a scheduled job',
}

export const roleName = (role: string | null) => (role ? (ROLE_NAMES[role] ?? role.replace(/_/g, ' ')) : 'someone')

/** The person first (name, then e-mail), else what acted. */
export function who(e: AuditEntry): { name: string; email: string | null; role: string } {
  const role = roleName(e.actor_role)
  if (e.actor_name || e.actor_email)
    return { name: e.actor_name ?? e.actor_email!, email: e.actor_name ? e.actor_email : null, role }
  return {
    name: e.actor_id ? `User ${e.actor_id.slice(0, 8)}` : role[0]!.toUpperCase() + role.slice(1),
    email: null,
    role,
  }
}

/** A stored value as a reviewer reads it: text as it is, nothing as "(empty)", the rest as short JSON. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(empty)'
  if (typeof v === 'string') return v.length > 300 ? `${v.slice(0, 300)}…` : v
  const json = JSON.stringify(v)
  return json.length > 300 ? `${json.slice(0, 300)}…` : json
}

function Changes({ changes, headingId }: { changes: Record<string, FieldChange>; headingId: string }) {
  const fields = Object.keys(changes)
  if (fields.length === 0) return <p className='muted'>No field changed.</p>
  return (
    <table aria-describedby={headingId}>
      <caption>{fields.length === 1 ? '1 field' : `${fields.length} fields`}</caption>
      <thead>
        <tr>
          <th scope='col'>Field</th>
          <th scope='col'>Before → after</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f}>
            <th scope='row'>{f.replace(/_/g, ' ')}</th>
            <td>
              <del>
                <span className={visuallyHidden}>before: </span>
                <code>{showValue(changes[f]!.before)}</code>
              </del>
              <span aria-hidden='true'> → </span>
              <ins>
                <span className={visuallyHidden}>after: </span>
                <code>{showValue(changes[f]!.after)}</code>
              </ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Entry({ e }: { e: AuditEntry }) {
  const actor = who(e)
  const headingId = `audit-${e.id}`
  return (
    <li>
      <p className='head' id={headingId}>
        <span>
          <span className='who'>{actor.name}</span>
          {actor.email && (
            <>
              {' '}
              (<a href={`mailto:${actor.email}`}>{actor.email}</a>)
            </>
          )}
          {e.actor_name || e.actor_email || e.actor_id ? <span className='muted'>, {actor.role}</span> : null}
          {e.via && <span className='muted'>, via the {e.via} function</span>}
          {` ${DONE[e.action] ?? e.action} `}
          {e.bulk_rows
            ? `${e.bulk_rows.toLocaleString('en-GB')} ${e.table_name.replace(/_/g, ' ')} at once`
            : `${e.table_name.replace(/_/g, ' ')}${e.row_id ? ` #${e.row_id.slice(0, 36)}` : ''}`}
        </span>
        <time className='muted' dateTime={e.created_at}>
          {dateTimeSeconds(e.created_at)}
        </time>
      </p>
      {e.changes ? (
        <Changes changes={e.changes} headingId={headingId} />
      ) : (
        <p className='muted'>Recorded before changed fields were kept.</p>
      )}
    </li>
  )
}

export function AdminAuditLogRoute() {
  usePageMeta('Audit log')
  const [whoText, setWho] = useState('')
  const [table, setTable] = useState('')
  const [page, setPage] = useState(0)
  // The list shown stays until the next page of results arrives (keepPreviousData).
  const log = useAuditLog({ who: whoText, table, page })
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_PAGE_SIZE))
  return (
    <>
      <PageHeader title='Audit log' />
      <p>Every change made by staff, by functions acting for them, and by scheduled jobs, newest first.</p>
      <div className={toolbar} role='search'>
        <Field label='Who' hint='Name, e-mail, role or function'>
          <input
            type='search'
            value={whoText}
            onChange={(ev) => {
              setWho(ev.target.value)
              setPage(0)
            }}
          />
        </Field>
        <Field label='Table' hint='For example courses or orders'>
          <input
            type='search'
            value={table}
            onChange={(ev) => {
              setTable(ev.target.value)
              setPage(0)
            }}
          />
        </Field>
      </div>
      {log.isPending && <Status>Loading the audit log…</Status>}
      {log.isError && <ErrorNotice title='The audit log could not be loaded' message={log.error.message} />}
      {log.data && log.data.entries.length === 0 && <EmptyState>No changes match.</EmptyState>}
      {log.data && log.data.entries.length > 0 && (
        <>
          <p role='status'>{log.data.total === 1 ? '1 change' : `${log.data.total} changes`}</p>
          <ol className={list} aria-label='Changes, newest first'>
            {log.data.entries.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </ol>
        </>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  )
}
