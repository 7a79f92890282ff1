// /admin/locations/edit/{id}: the update of spec §7 call 3. The saved row replaces the site in
// the list; a null result is shown as an error and the form keeps what was typed. The site's
// photo gallery follows the form, saved as it changes.
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { toast } from '@/lib/toast'
import { useSites } from '../api/get-sites'
import { siteToForm } from '../api/site-schema'
import { useUpdateSite } from '../api/update-site'
import { SiteForm } from '../components/SiteForm'
import { SiteGallery } from '../components/SiteGallery'

export function AdminLocationEditRoute({ id }: { id: string }) {
  const [, navigate] = useLocation()
  const siteId = Number(id)
  const sites = useSites()
  const update = useUpdateSite(siteId)
  const site = sites.data?.find((s) => s.id === siteId)
  useEffect(() => {
    document.title = `${site ? `Edit ${site.location}` : 'Edit site'} | Roots Allotments`
  }, [site])

  if (sites.isPending) return <Status>Loading the site…</Status>
  if (sites.isError) return <ErrorNotice title='The site could not be loaded' message={sites.error.message} />
  if (!site) return <><PageHeader title='Edit site' /><EmptyState>There is no site with id {id}.</EmptyState></>
  return (
    <>
      <PageHeader title={`Edit ${site.location}`} />
      <SiteForm
        key={site.id}
        initial={siteToForm(site)}
        others={sites.data.filter((s) => s.id !== siteId).map(({ id: i, slug }) => ({ id: i, slug }))}
        submitLabel='Save changes'
        onCancel={() => navigate(`~${paths.adminLocations.getHref()}`)}
        onSave={async (values) => {
          const result = await update.mutateAsync(values)
          if (!result.site) {
            return { ok: false, message: result.code === '23505' ? 'Another site already uses this slug.' : result.error ?? 'The site was not saved.', ...(result.code === '23505' ? { field: 'slug' } : {}) }
          }
          toast.success(`${result.site.location} saved`)
          navigate(`~${paths.adminLocations.getHref()}`)
          return { ok: true }
        }}
      />
      <SiteGallery siteId={site.id} slug={site.slug} location={site.location} />
    </>
  )
}
