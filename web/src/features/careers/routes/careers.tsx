// /careers: the open roles; /careers/{slug}: a role's description and the application form (a
// closed role says so instead). An unknown slug is 404.
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { RichText } from '@/components/content/RichText'
import { BackLink, contentPage, ItemView, ListView } from '@/components/content/states'
import { longDate } from '@/lib/dates'
import { plainText } from '@/lib/content/text'
import { usePageMeta } from '@/lib/page-meta'
import { slugParam } from '@/lib/sites/route-params'
import { type CareerSummary, EMPLOYMENT_LABEL, isOpen, useCareer, useCareers } from '../api/get-careers'
import { ApplicationForm } from '../components/ApplicationForm'

function RoleFacts({ career }: { career: CareerSummary }) {
  const facts = [career.location, career.employment_type && EMPLOYMENT_LABEL[career.employment_type]]
    .filter(Boolean)
    .join(' · ')
  return (
    <p className='meta'>
      {facts}
      {career.closes_on && (
        <>
          {facts && ' · '}Closes <time dateTime={career.closes_on}>{longDate(career.closes_on)}</time>
        </>
      )}
    </p>
  )
}

export default function CareersRoute() {
  usePageMeta('Careers', 'Work with Roots Allotments: open roles at our community allotment sites across the UK.')
  const careers = useCareers()
  return (
    <div className={contentPage}>
      <h1>Careers</h1>
      <p className='lead'>Help more people grow their own. These are the roles open right now.</p>
      <ListView
        query={careers}
        what='the open roles'
        empty={<p>There are no open roles right now. New roles are posted here first, so check back soon.</p>}
      >
        {(rows) => (
          <ul className='cards' aria-label='Open roles'>
            {rows.map((c) => (
              <li key={c.slug} className='card'>
                <h2>
                  <Link href={paths.career.getHref({ slug: c.slug })}>{c.title}</Link>
                </h2>
                <RoleFacts career={c} />
              </li>
            ))}
          </ul>
        )}
      </ListView>
    </div>
  )
}

export function CareerRoute() {
  const params = useParams<{ slug: string }>()
  const [path] = useLocation()
  const career = useCareer(slugParam(params.slug, path))
  usePageMeta(
    career.data?.title ?? 'Careers',
    career.data ? plainText(career.data.description) || undefined : undefined,
  )
  return (
    <div className={contentPage}>
      <ItemView query={career} what='this role'>
        {(c) => (
          <article aria-labelledby='role-title'>
            <BackLink href={paths.careers.getHref()}>All open roles</BackLink>
            <h1 id='role-title'>{c.title}</h1>
            <RoleFacts career={c} />
            <RichText doc={c.description} />
            {isOpen(c) ? (
              <ApplicationForm careerId={c.id} title={c.title} />
            ) : (
              <div className='panel' role='status'>
                <p>
                  Applications for this role have closed.{' '}
                  <Link href={paths.careers.getHref()}>See the roles open now</Link>.
                </p>
              </div>
            )}
          </article>
        )}
      </ItemView>
    </div>
  )
}
