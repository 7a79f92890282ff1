// /admin/locations/add
import { useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { PageHeader } from '@/components/admin/ui'
import { toast } from '@/lib/toast'
import { useCreateSite } from '../api/create-site'
import { useSites } from '../api/get-sites'
import { emptySiteForm } from '../api/site-schema'
import { SiteForm } from '../components/SiteForm'
import { usePageMeta } from '@/lib/page-meta'

export function AdminLocationAddRoute() {
  const [, navigate] = useLocation()
  const sites = useSites()
  const create = useCreateSite()
  usePageMeta('Add a site')
  return (
    <>
      <PageHeader title='Add a site' />
      <SiteForm
        initial={emptySiteForm()}
        others={(sites.data ?? []).map(({ id, slug }) => ({ id, slug }))}
        submitLabel='Add site'
        onCancel={() => navigate(`~${adminPaths.adminLocations.getHref()}`)}
        onSave={async (values) => {
          try {
            const site = await create.mutateAsync(values)
            toast.success(`${site.location} added`)
            navigate(`~${adminPaths.adminLocations.getHref()}`)
            return { ok: true }
          } catch (e) {
            const err = e as { message: string; code?: string }
            return {
              ok: false,
              message: err.code === '23505' ? 'Another site already uses this slug.' : err.message,
              ...(err.code === '23505' ? { field: 'slug' } : {}),
            }
          }
        }}
      />
    </>
  )
}
