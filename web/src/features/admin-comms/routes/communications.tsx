// /admin/waiting-list/communications: the log of messages sent, by site and status.
import { useEffect, useState } from 'react'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { useCommsSites } from '../api/get-sites'
import { type MessageFilters, MESSAGES_PAGE_SIZE, useMessages } from '../api/get-messages'
import { breakAll } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'
import { numericDateTime } from '@/lib/dates'

export function AdminCommunicationsRoute() {
  const sites = useCommsSites()
  const [filters, setFilters] = useState<MessageFilters>({ siteId: '', status: '' })
  const [page, setPage] = useState(0)
  const messages = useMessages(filters, page)
  usePageMeta('Message log')
  useEffect(() => setPage(0), [filters])
  const total = messages.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE))
  const siteName = new Map((sites.data ?? []).map((s) => [s.id, s.location]))
  return (
    <>
      <PageHeader title='Message log' />
      <div className={toolbar}>
        <Field label='Site'>
          <select value={filters.siteId} onChange={(e) => setFilters((f) => ({ ...f, siteId: e.target.value }))}>
            <option value=''>All sites</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Status'>
          <select value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value }))}>
            <option value=''>Any status</option>
            <option value='sent'>Sent</option>
            <option value='queued'>Queued</option>
            <option value='failed'>Failed</option>
          </select>
        </Field>
      </div>
      {messages.isPending && <Status>Loading the log…</Status>}
      {messages.isError && <ErrorNotice title='The message log could not be loaded' message={messages.error.message} />}
      <DataTable
        rows={messages.data?.rows}
        head={['When', 'To', 'Subject', 'Template', 'Site', 'Status']}
        caption={
          <>
            {total} {total === 1 ? 'message' : 'messages'}
          </>
        }
        label='Messages'
        empty='No messages match.'
        pager={{ page, pages, onPage: setPage }}
      >
        {(m) => (
          <tr key={m.id}>
            <td>{numericDateTime(m.created_at)}</td>
            <td className={breakAll}>{m.recipient}</td>
            <td>{m.subject ?? '—'}</td>
            <td>{m.template?.name ?? '—'}</td>
            <td>{m.site_id ? (siteName.get(m.site_id) ?? m.site_id) : '—'}</td>
            <td>{m.status}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}
