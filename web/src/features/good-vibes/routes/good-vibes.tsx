// /good-vibes-projects: the community projects our sites run; /good-vibes-projects/{pid}: one
// project (by slug, or by id). An unknown project is 404.
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { LazyImage } from '@/components/content/LazyImage'
import { RichText } from '@/components/content/RichText'
import { BackLink, contentPage, ItemView, ListView } from '@/components/content/states'
import { plainText } from '@/lib/content/text'
import { usePageMeta } from '@/lib/page-meta'
import { slugParam } from '@/lib/sites/route-params'
import { type ProjectSite, useProject, useProjects } from '../api/get-projects'

const where = (site: ProjectSite | null) => (site ? `${site.location}, ${site.city}` : 'Across our sites')

export default function GoodVibesRoute() {
  usePageMeta(
    'Good vibes projects',
    'Community projects at Roots Allotments sites: school beds, surplus sharing, wellbeing gardens and more.',
  )
  const projects = useProjects()
  return (
    <div className={contentPage}>
      <h1>Good vibes projects</h1>
      <p className='lead'>What our sites do for the neighbourhoods around them.</p>
      <ListView
        query={projects}
        what='the projects'
        empty={<p>No projects to show yet. Have an idea for your site? Tell your patch manager.</p>}
      >
        {(rows) => (
          <ul className='cards' aria-label='Projects'>
            {rows.map((p) => (
              <li key={p.slug} className='card'>
                <LazyImage src={p.cover_image} alt='' />
                <h2>
                  <Link href={paths.goodVibesProject.getHref({ pid: p.slug })}>{p.title}</Link>
                </h2>
                <p className='meta'>{where(p.site)}</p>
                {p.summary && <p>{p.summary}</p>}
              </li>
            ))}
          </ul>
        )}
      </ListView>
    </div>
  )
}

export function GoodVibesProjectRoute() {
  const params = useParams<{ pid: string }>()
  const [path] = useLocation()
  const project = useProject(slugParam(params.pid, path))
  usePageMeta(
    project.data?.title ?? 'Good vibes projects',
    project.data ? (project.data.summary ?? plainText(project.data.body)) || undefined : undefined,
  )
  return (
    <div className={contentPage}>
      <ItemView query={project} what='this project'>
        {(p) => (
          <article aria-labelledby='project-title'>
            <BackLink href={paths.goodVibes.getHref()}>All projects</BackLink>
            <h1 id='project-title'>{p.title}</h1>
            <p className='meta'>{where(p.site)}</p>
            {p.summary && <p className='lead'>{p.summary}</p>}
            <LazyImage src={p.cover_image} alt='' cover />
            <RichText doc={p.body} />
          </article>
        )}
      </ItemView>
    </div>
  )
}
