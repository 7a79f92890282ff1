// /admin/locations/edit/{id}: the site's update. The saved row replaces the site in
// the list; a null result is shown as an error and the form keeps what was typed. The site's
// photo gallery follows the form, saved as it changes. "Archive this site" closes it (its list
// moved or withdrawn); an archived site says so at the top. How to get in (gate code, keys) is
// its own panel, saved apart from the form (components/SiteAccessPanel.tsx).
import { useState } from 'react'
import { css } from 'goober'
import { Link, useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { toast } from '@/lib/toast'
import { useSites } from '../api/get-sites'
import { siteToForm } from '../api/site-schema'
import { useUpdateSite } from '../api/update-site'
import { SiteForm } from '../components/SiteForm'
import { SiteGallery } from '../components/SiteGallery'
import { ArchiveSiteDialog } from '../components/ArchiveSiteDialog'
import { SiteAccessPanel } from '../components/SiteAccessPanel'
import { useSiteAccess } from '../api/site-access'
import { buttonSecondary } from '@/components/styles'
import { weekdayDate } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'

const archiveSection = css`
  margin-top: 2rem;
  border-top: 1px solid #c9cfcb;
  padding-top: 1rem;
  max-width: 48rem;
`
const accessSection = css`
  margin-top: 2rem;
  border-top: 1px solid #c9cfcb;
  padding-top: 1rem;
`
const archivedNotice = css`
  border: 2px solid var(--roots-border);
  border-radius: 0.5rem;
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
  max-width: 48rem;
`

export function AdminLocationEditRoute({ id }: { id: string }) {
  const [, navigate] = useLocation()
  const siteId = Number(id)
  const sites = useSites()
  const update = useUpdateSite(siteId)
  const site = sites.data?.find((s) => s.id === siteId)
  const [archiving, setArchiving] = useState(false)
  const access = useSiteAccess(siteId)
  usePageMeta(site ? `Edit ${site.location}` : 'Edit site')

  if (sites.isPending) return <Status>Loading the site…</Status>
  if (sites.isError) return <ErrorNotice title='The site could not be loaded' message={sites.error.message} />
  if (!site)
    return (
      <>
        <PageHeader title='Edit site' />
        <EmptyState>There is no site with id {id}.</EmptyState>
      </>
    )
  return (
    <>
      <PageHeader title={`Edit ${site.location}`}>
        <Link href={`~${adminPaths.adminSitePlots.getHref({ siteId: String(site.id) })}`} className={buttonSecondary}>
          Plots and site plan
        </Link>
      </PageHeader>
      {site.archived_at && (
        <p role='status' className={archivedNotice}>
          <strong>Archived</strong> on {weekdayDate(site.archived_at)}: this site is off the public pages and takes no
          new applicants, offers or welcome slots.
        </p>
      )}
      <SiteForm
        key={site.id}
        initial={siteToForm(site)}
        others={sites.data.filter((s) => s.id !== siteId).map(({ id: i, slug }) => ({ id: i, slug }))}
        submitLabel='Save changes'
        onCancel={() => navigate(`~${adminPaths.adminLocations.getHref()}`)}
        onSave={async (values) => {
          const result = await update.mutateAsync(values)
          if (!result.site) {
            return {
              ok: false,
              message:
                result.code === '23505'
                  ? 'Another site already uses this slug.'
                  : (result.error ?? 'The site was not saved.'),
              ...(result.code === '23505' ? { field: 'slug' } : {}),
            }
          }
          toast.success(`${result.site.location} saved`)
          navigate(`~${adminPaths.adminLocations.getHref()}`)
          return { ok: true }
        }}
      />
      <SiteGallery siteId={site.id} slug={site.slug} location={site.location} />
      <div className={accessSection}>
        {access.isError && <ErrorNotice title='How to get in could not be loaded' message={access.error.message} />}
        {access.data && (
          <SiteAccessPanel
            key={access.data.updated_at ?? 'none'}
            siteId={site.id}
            location={site.location}
            gateCode={access.data.gate_code}
            keyArrangements={access.data.key_arrangements}
            updatedAt={access.data.updated_at}
          />
        )}
      </div>
      {!site.archived_at && (
        <section className={archiveSection} aria-labelledby='archive-site-heading'>
          <h2 id='archive-site-heading'>Archive this site</h2>
          <p>
            When a site closes: its waiting list moves to another site or is withdrawn, everyone is e-mailed, and the
            site leaves the public pages. It cannot be undone here.
          </p>
          <button type='button' className={buttonSecondary} onClick={() => setArchiving(true)}>
            Archive this site…
          </button>
        </section>
      )}
      {archiving && (
        <ArchiveSiteDialog
          site={site}
          sites={sites.data}
          onClose={() => setArchiving(false)}
          onArchived={() => {
            setArchiving(false)
            navigate(`~${adminPaths.adminLocations.getHref()}`)
          }}
        />
      )}
    </>
  )
}
