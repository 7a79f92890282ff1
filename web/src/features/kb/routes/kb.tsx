// /kb and /kb/{link...}: the knowledge base. The home lists the sections and searches (?q=);
// an article shows breadcrumbs to the home through each ancestor, its text and its
// sub-articles. An unknown path is 404; a malformed one is 404 'Page Not Found: {path}'.
import { css } from 'goober'
import { Link, useLocation, useParams, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { RichText } from '@/components/content/RichText'
import { contentPage, ItemView, ListView } from '@/components/content/states'
import { plainText } from '@/lib/content/text'
import { usePageMeta } from '@/lib/page-meta'
import { type KbLinkRow, type KbPage, useKbPage, useKbSearch, useKbTopLevel } from '../api/get-kb'
import { KbSearch } from '../components/KbSearch'
import { kbLink, searchTerms, segmentLabel } from '../kb-paths'

const crumbs = css`
  margin: 0 0 1rem;
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
  }
  li + li::before {
    content: '›';
    margin-right: 0.5rem;
    color: var(--roots-muted);
  }
  a {
    padding: 0.25rem 0;
    display: inline-block;
  }
`
const links = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  max-width: 42rem;
  a {
    display: block;
    background: var(--roots-surface);
    border-radius: 0.5rem;
    padding: 0.75rem 1rem;
    font-weight: 600;
  }
`

const TITLE = 'Knowledge base'
const kbHref = (path: string) => paths.kb.getHref({ link: path })

function ArticleLinks({ rows, label }: { rows: readonly KbLinkRow[]; label: string }) {
  return (
    <ul className={links} aria-label={label}>
      {rows.map((r) => (
        <li key={r.path}>
          <Link href={kbHref(r.path)}>{r.title}</Link>
        </li>
      ))}
    </ul>
  )
}

export function Breadcrumbs({ page }: { page: KbPage }) {
  return (
    <nav className={crumbs} aria-label='Breadcrumb'>
      <ol>
        <li>
          <Link href={paths.kbHome.getHref()}>{TITLE}</Link>
        </li>
        {page.ancestors.map((a) => (
          <li key={a.path}>{a.title ? <Link href={kbHref(a.path)}>{a.title}</Link> : segmentLabel(a.path)}</li>
        ))}
        <li aria-current='page'>{page.article.title}</li>
      </ol>
    </nav>
  )
}

function KbHome({ q }: { q: string }) {
  const top = useKbTopLevel()
  const results = useKbSearch(q)
  const searching = searchTerms(q) !== ''
  return (
    <>
      <h1>{TITLE}</h1>
      <p className='lead'>Answers about your plot, growing, and your membership.</p>
      <KbSearch initial={q} />
      {searching && (
        <section aria-labelledby='results-heading'>
          <h2 id='results-heading'>Results for “{q}”</h2>
          <ListView
            query={results}
            what='the results'
            empty={<p>No articles match “{q}”. Try fewer or different words.</p>}
          >
            {(rows) => <ArticleLinks rows={rows} label='Search results' />}
          </ListView>
        </section>
      )}
      {!searching && (
        <section aria-labelledby='sections-heading'>
          <h2 id='sections-heading'>Sections</h2>
          <ListView
            query={top}
            what='the knowledge base'
            empty={<p>The knowledge base is empty for now. Your patch manager can answer any question.</p>}
          >
            {(rows) => <ArticleLinks rows={rows} label='Sections' />}
          </ListView>
        </section>
      )}
    </>
  )
}

function KbArticlePage({ link }: { link: string }) {
  const page = useKbPage(link)
  usePageMeta(page.data?.article.title ?? TITLE, page.data ? plainText(page.data.article.body) || undefined : undefined)
  return (
    <ItemView query={page} what='this article'>
      {(p) => (
        <article aria-labelledby='kb-title'>
          <Breadcrumbs page={p} />
          <h1 id='kb-title'>{p.article.title}</h1>
          <RichText doc={p.article.body} />
          {p.children.length > 0 && (
            <section aria-labelledby='kb-children'>
              <h2 id='kb-children'>In this section</h2>
              <ArticleLinks rows={p.children} label={`Articles in ${p.article.title}`} />
            </section>
          )}
          <KbSearch />
        </article>
      )}
    </ItemView>
  )
}

function KbHomeRoute({ q }: { q: string }) {
  usePageMeta(q ? `Search: ${q}` : TITLE, 'Answers about your Roots allotment plot, growing, and your membership.')
  return <KbHome q={q} />
}

export default function KbRoute() {
  const params = useParams<{ '*'?: string }>()
  const [path] = useLocation()
  const search = useSearch()
  const q = new URLSearchParams(search).get('q') ?? ''
  const link = kbLink(params['*'], path)
  return (
    <div className={contentPage}>
      {link === '' ? <KbHomeRoute q={q.trim()} /> : <KbArticlePage key={link} link={link} />}
    </div>
  )
}
