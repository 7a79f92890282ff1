// /admin/waiting-list/tools and its three tools. Each runs a dry run first, shows the result,
// then runs for real after a confirmation; the function audits every write.
import { useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { EmptyState, ErrorNotice, Field, PageHeader, Status } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { useToolOptions } from '../api/get-tool-options'
import type { AcSyncResult, ConsolidatorResult, MigratorResult } from '../api/run-tool'
import { ToolRunner } from '../components/ToolRunner'
import { usePageMeta } from '@/lib/page-meta'

const cards = css`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  a {
    display: block;
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 1rem;
    color: var(--roots-text);
    text-decoration: none;
  }
  a:hover {
    border-color: var(--roots-primary);
  }
  strong {
    color: var(--roots-primary);
    font-size: 1.1rem;
  }
  p {
    margin: 0.25rem 0 0;
  }
`

export function AdminToolsRoute() {
  usePageMeta('Waiting-list tools')
  return (
    <>
      <PageHeader title='Waiting-list tools' />
      <div className={cards}>
        <Link href={`~${adminPaths.adminToolsConsolidator.getHref()}`}>
          <strong>Consolidator</strong>
          <p>Find and merge duplicate applicants on a list.</p>
        </Link>
        <Link href={`~${adminPaths.adminToolsLocationMigrator.getHref()}`}>
          <strong>Location migrator</strong>
          <p>Move a place’s waiting list onto a site, keeping everyone’s place.</p>
        </Link>
        <Link href={`~${adminPaths.adminToolsAcSync.getHref()}`}>
          <strong>Campaign list sync</strong>
          <p>Push a site’s consenting applicants to its e-mail campaign list.</p>
        </Link>
      </div>
    </>
  )
}

export function AdminConsolidatorRoute() {
  usePageMeta('Consolidator')
  const options = useToolOptions()
  const [location, setLocation] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const places = [
    ...new Set([...(options.data?.sites.map((s) => s.location) ?? []), ...(options.data?.places ?? [])]),
  ].sort()
  return (
    <>
      <PageHeader title='Consolidator' />
      <p>
        Finds applicants who are on the same list more than once (same e-mail, or same name and phone) and merges each
        group into the earliest entry.
      </p>
      <ToolRunner
        input={{ tool: 'consolidator', dry_run: true, location }}
        inputKey={location}
        onErrors={setErrors}
        confirmText='Each group becomes one entry: the earliest keeps its place, the others are marked removed and lose any open offer.'
        fields={
          <Field label='List' error={errors.location} hint='Leave as every list to check them all.'>
            <select value={location} onChange={(e) => setLocation(e.target.value)}>
              <option value=''>Every list</option>
              {places.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </Field>
        }
        describe={(r) => {
          const { groups } = r as ConsolidatorResult
          if (groups.length === 0) return <EmptyState>No duplicates found.</EmptyState>
          return (
            <DataTable
              rows={groups}
              head={['List', 'Email', 'Kept entry', 'Merged entries']}
              caption={
                <>
                  {groups.length} {groups.length === 1 ? 'group' : 'groups'} of duplicates
                </>
              }
            >
              {(g) => (
                <tr key={g.keep_id}>
                  <td>{g.location}</td>
                  <td>{g.email}</td>
                  <td>#{g.keep_id}</td>
                  <td>{g.merged_ids.map((i) => `#${i}`).join(', ')}</td>
                </tr>
              )}
            </DataTable>
          )
        }}
      />
    </>
  )
}

export function AdminLocationMigratorRoute() {
  usePageMeta('Location migrator')
  const options = useToolOptions()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  return (
    <>
      <PageHeader title='Location migrator' />
      <p>
        Moves everyone waiting for a place without a site onto a site’s list, keeping their join dates and so their
        place in the queue.
      </p>
      {options.isError && <ErrorNotice message={options.error.message} />}
      {options.isPending && <Status>Loading places…</Status>}
      <ToolRunner
        input={{
          tool: 'location-migrator',
          dry_run: true,
          from_location: from,
          to_site_id: to === '' ? Number.NaN : Number(to),
        }}
        inputKey={`${from}→${to}`}
        onErrors={setErrors}
        confirmText={`Everyone waiting for ${from || 'this place'} moves to the chosen site's list.`}
        fields={
          <>
            <Field label='Move from (place)' error={errors.from_location}>
              <select value={from} onChange={(e) => setFrom(e.target.value)}>
                <option value=''>Choose a place…</option>
                {options.data?.places.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </Field>
            <Field label='Move to (site)' error={errors.to_site_id}>
              <select value={to} onChange={(e) => setTo(e.target.value)}>
                <option value=''>Choose a site…</option>
                {options.data?.sites.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.location} ({s.city})
                  </option>
                ))}
              </select>
            </Field>
          </>
        }
        describe={(r) => {
          const m = r as MigratorResult
          return (
            <p role='status'>
              {m.moved} {m.moved === 1 ? 'entry' : 'entries'} {m.dry_run ? 'would move' : 'moved'} to {m.to_location};{' '}
              {m.merged} already there {m.dry_run ? 'would be' : 'were'} merged.
            </p>
          )
        }}
      />
    </>
  )
}

export function AdminAcSyncRoute() {
  usePageMeta('Campaign list sync')
  const options = useToolOptions()
  const [site, setSite] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  return (
    <>
      <PageHeader title='Campaign list sync' />
      <p>
        Sends a site’s live applicants who agreed to marketing to the site’s e-mail campaign list (its campaign list
        id).
      </p>
      {options.isError && <ErrorNotice message={options.error.message} />}
      <ToolRunner
        input={{ tool: 'ac-sync', dry_run: true, site_id: site === '' ? Number.NaN : Number(site) }}
        inputKey={site}
        onErrors={setErrors}
        confirmText='The consenting applicants are pushed to the campaign list now.'
        fields={
          <Field label='Site' error={errors.site_id} hint='Only sites with a campaign list id can sync.'>
            <select value={site} onChange={(e) => setSite(e.target.value)}>
              <option value=''>Choose a site…</option>
              {options.data?.sites.map((s) => (
                <option key={s.id} value={String(s.id)} disabled={!s.ac_id}>
                  {s.location}
                  {s.ac_id ? ` (list ${s.ac_id})` : ' (no list id)'}
                </option>
              ))}
            </select>
          </Field>
        }
        describe={(r) => {
          const a = r as AcSyncResult
          return (
            <p role='status'>
              List {a.list_id}: {a.pushed} {a.pushed === 1 ? 'applicant' : 'applicants'} {a.dry_run ? 'would be' : ''}{' '}
              pushed; {a.skipped_without_consent} skipped without marketing consent.
            </p>
          )
        }}
      />
    </>
  )
}
