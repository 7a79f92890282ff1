// /blogs: published posts, newest first, six to a page (?page=2); /blogs/{slug}: one post with
// its author, date, cover image, rich-text body and share links. An unknown slug is 404. Covers
// are decorative (alt ''): the title beside them says what the post is, and blogs keeps no
// description of the picture.
import { css } from 'goober'
import { Link, useLocation, useParams, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { LazyImage } from '@/components/content/LazyImage'
import { RichText } from '@/components/content/RichText'
import { BackLink, contentPage, EmptyState, ItemView, LoadFailed, Loading } from '@/components/content/states'
import { longDate } from '@/lib/dates'
import { plainText } from '@/lib/content/text'
import { usePageMeta } from '@/lib/page-meta'
import { slugParam } from '@/lib/sites/route-params'
import { type Blog, useBlog } from '../api/get-blog'
import { BLOGS_PER_PAGE, useBlogs } from '../api/get-blogs'
import { ShareLinks } from '../components/ShareLinks'

const pager = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.5rem;
  align-items: center;
  margin: 1.5rem 0;
  a {
    font-weight: 600;
    padding: 0.5rem 0;
  }
`

/** `?page=` as a whole number from 1; anything else is the first page. */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page')
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : 1
  return n >= 1 ? n : 1
}

function Byline({ author, date }: { author: string | null; date: string | null }) {
  if (!author && !date) return null
  return (
    <p className='meta'>
      {author && <>By {author}</>}
      {author && date && ' · '}
      {date && <time dateTime={date}>{longDate(date)}</time>}
    </p>
  )
}

export default function BlogsRoute() {
  usePageMeta('Blog', 'Growing tips, site news and stories from Roots Allotments members and patch managers.')
  const page = pageFromSearch(useSearch())
  const blogs = useBlogs(page)
  const pages = blogs.data ? Math.max(1, Math.ceil(blogs.data.total / BLOGS_PER_PAGE)) : 1
  const href = (n: number) => `${paths.blogs.getHref()}${n > 1 ? `?page=${n}` : ''}`
  return (
    <div className={contentPage}>
      <h1>Blog</h1>
      <p className='lead'>Growing tips, site news and stories from our plots.</p>
      {blogs.isPending && <Loading what='posts' />}
      {blogs.isError && <LoadFailed what='the blog' onRetry={() => void blogs.refetch()} />}
      {blogs.data && blogs.data.rows.length === 0 && (
        <EmptyState>
          {blogs.data.total === 0 ? (
            <p>No posts yet. Check back soon for growing tips and news from our sites.</p>
          ) : (
            <p>
              There is no page {page}. <Link href={href(1)}>Go to the newest posts</Link>.
            </p>
          )}
        </EmptyState>
      )}
      {blogs.data && blogs.data.rows.length > 0 && (
        <>
          <ul className='cards' aria-label='Blog posts'>
            {blogs.data.rows.map((b) => (
              <li key={b.slug} className='card'>
                {/* Beside its title a thumbnail adds nothing to read; the post describes its cover. */}
                <LazyImage src={b.cover_image} alt='' />
                <h2>
                  <Link href={paths.blog.getHref({ slug: b.slug })}>{b.title}</Link>
                </h2>
                <Byline author={b.author} date={b.published_at} />
                {b.excerpt && <p>{b.excerpt}</p>}
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className={pager} aria-label='Blog pages'>
              {page > 1 && (
                <Link href={href(page - 1)} rel='prev'>
                  ← Newer posts
                </Link>
              )}
              <span>
                Page {Math.min(page, pages)} of {pages}
              </span>
              {page < pages && (
                <Link href={href(page + 1)} rel='next'>
                  Older posts →
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  )
}

function BlogPost({ blog }: { blog: Blog }) {
  const url =
    typeof location === 'undefined'
      ? paths.blog.getHref({ slug: blog.slug })
      : `${location.origin}${paths.blog.getHref({ slug: blog.slug })}`
  return (
    <article aria-labelledby='post-title'>
      <BackLink href={paths.blogs.getHref()}>All posts</BackLink>
      <h1 id='post-title'>{blog.title}</h1>
      <Byline author={blog.author} date={blog.published_at} />
      {blog.excerpt && <p className='lead'>{blog.excerpt}</p>}
      <LazyImage src={blog.cover_image} alt={blog.cover_alt ?? ''} cover />
      <RichText doc={blog.body} />
      <ShareLinks url={url} title={blog.title} />
    </article>
  )
}

export function BlogPostRoute() {
  const params = useParams<{ slug: string }>()
  const [path] = useLocation()
  const slug = slugParam(params.slug, path)
  const blog = useBlog(slug)
  usePageMeta(blog.data?.title ?? 'Blog', blog.data ? (blog.data.excerpt ?? plainText(blog.data.body)) : undefined)
  return (
    <div className={contentPage}>
      <ItemView query={blog} what='this post'>
        {(b) => <BlogPost blog={b} />}
      </ItemView>
    </div>
  )
}
