// /the-roots-pledge: what Roots promises, one card per pledge; /the-roots-pledge/{slug}: one
// pledge in full. An unknown slug is 404.
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { RichText } from '@/components/content/RichText'
import { BackLink, contentPage, ItemView, ListView } from '@/components/content/states'
import { plainText } from '@/lib/content/text'
import { usePageMeta } from '@/lib/page-meta'
import { slugParam } from '@/lib/sites/route-params'
import { usePledge, usePledges } from '../api/get-pledges'

export default function PledgeRoute() {
  usePageMeta(
    'The Roots pledge',
    'What Roots Allotments promises: peat-free growing, room for wildlife, water saved and a fair rent.',
  )
  const pledges = usePledges()
  return (
    <div className={contentPage}>
      <h1>The Roots pledge</h1>
      <p className='lead'>The promises every Roots site keeps, for growers and for the land.</p>
      <ListView query={pledges} what='the pledge' empty={<p>Our pledge is being written. Check back soon.</p>}>
        {(rows) => (
          <ol className='cards' aria-label='Our pledges'>
            {rows.map((p) => (
              <li key={p.slug} className='card'>
                <h2>
                  <Link href={paths.pledgePage.getHref({ slug: p.slug })}>{p.title}</Link>
                </h2>
                {p.summary && <p>{p.summary}</p>}
              </li>
            ))}
          </ol>
        )}
      </ListView>
    </div>
  )
}

export function PledgePageRoute() {
  const params = useParams<{ slug: string }>()
  const [path] = useLocation()
  const pledge = usePledge(slugParam(params.slug, path))
  usePageMeta(
    pledge.data?.title ?? 'The Roots pledge',
    pledge.data ? (pledge.data.summary ?? plainText(pledge.data.body)) || undefined : undefined,
  )
  return (
    <div className={contentPage}>
      <ItemView query={pledge} what='this pledge'>
        {(p) => (
          <article aria-labelledby='pledge-title'>
            <BackLink href={paths.pledge.getHref()}>The Roots pledge</BackLink>
            <h1 id='pledge-title'>{p.title}</h1>
            {p.summary && <p className='lead'>{p.summary}</p>}
            <RichText doc={p.body} />
          </article>
        )}
      </ItemView>
    </div>
  )
}
