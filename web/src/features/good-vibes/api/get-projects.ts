// Good-vibes projects: the published ones, and one by its slug (or its numeric id, which older
// links used).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restOne } from '@/lib/content/rest'
import { restSelect } from '@/lib/sites/rest'
import type { RichTextNode } from '@/lib/rich-text/render-html'

export interface ProjectSite {
  location: string
  city: string
}

export interface ProjectSummary {
  id: number
  slug: string
  title: string
  summary: string | null
  cover_image: string | null
  site: ProjectSite | null
}

export interface Project extends ProjectSummary {
  body: RichTextNode
}

const FIELDS = 'id,slug,title,summary,cover_image,site:global_sites(location,city)'

export const getProjects = () =>
  restSelect<ProjectSummary>(
    'good_vibes_projects',
    `select=${FIELDS}&published=eq.true&order=title.asc`,
  )

export const getProject = (pid: string) =>
  restOne<Project>(
    'good_vibes_projects',
    `select=${FIELDS},body&published=eq.true&${
      /^\d{1,12}$/.test(pid) ? `id=eq.${pid}` : `slug=eq.${encodeURIComponent(pid)}`
    }`,
  )

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['good-vibes'], queryFn: getProjects, staleTime: 5 * 60_000 })
export const projectQueryOptions = (pid: string) =>
  queryOptions({
    queryKey: ['good-vibes', pid],
    queryFn: () => getProject(pid),
    staleTime: 5 * 60_000,
  })

export const useProjects = () => useQuery(projectsQueryOptions())
export const useProject = (pid: string) => useQuery(projectQueryOptions(pid))
