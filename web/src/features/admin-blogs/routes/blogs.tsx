// /admin/blogs (+ /create, /edit/{id}): the blog's posts, drafts too, newest change first;
// search, filter by state and page; write a post with its cover image, publish or withdraw it,
// and delete it after confirming.
import { useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { DeleteConfirm, usePaged } from '@/components/admin/list-screen'
import { DataTable } from '@/components/admin/DataTable'
import { EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary, visuallyHidden } from '@/components/styles'
import { paths } from '@/config/paths'
import { adminPaths } from '@/config/paths-admin'
import { weekdayDate } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type BlogFormValues, emptyBlog } from '../api/blog-schema'
import { type AdminBlogWithBody, useBlog, useBlogs } from '../api/get-blogs'
import { useDeleteBlog, useSaveBlog } from '../api/save-blog'
import { BlogForm } from '../components/BlogForm'

export const PAGE_SIZE = 20
type StateFilter = '' | 'published' | 'draft'

export const blogToForm = (b: AdminBlogWithBody): BlogFormValues => ({
  title: b.title,
  slug: b.slug,
  excerpt: b.excerpt ?? '',
  author: b.author ?? '',
  published: b.published,
  published_at: b.published_at,
  cover_image: b.cover_image,
  cover_alt: b.cover_alt ?? '',
  body: b.body,
})

const listHref = () => `~${adminPaths.adminBlogs.getHref()}`

export function AdminBlogsRoute() {
  usePageMeta('Blog posts')
  const blogs = useBlogs()
  const [state, setState] = useState<StateFilter>('')
  const [search, setSearch] = useState('')
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase()
    return (blogs.data ?? []).filter(
      (b) =>
        (state === '' || b.published === (state === 'published')) &&
        (q === '' || `${b.title} ${b.slug} ${b.author ?? ''}`.toLowerCase().includes(q)),
    )
  }, [blogs.data, search, state])
  const { page, setPage, pages, shown } = usePaged(filtered, PAGE_SIZE, [state, search])
  return (
    <>
      <PageHeader title='Blog posts'>
        <Link href={`~${adminPaths.adminBlogsCreate.getHref()}`} className={buttonPrimary}>
          New post
        </Link>
      </PageHeader>
      <div className={toolbar} role='search'>
        <Field label='Search posts'>
          <input type='search' value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field label='Published'>
          <select value={state} onChange={(e) => setState(e.target.value as StateFilter)}>
            <option value=''>Published and drafts</option>
            <option value='published'>Published</option>
            <option value='draft'>Drafts</option>
          </select>
        </Field>
      </div>
      {blogs.isPending && <Status>Loading posts…</Status>}
      {blogs.isError && <ErrorNotice title='The posts could not be loaded' message={blogs.error.message} />}
      <DataTable
        rows={blogs.data && shown}
        head={['Post', 'State', 'Published', 'Author']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'post' : 'posts'}
          </>
        }
        empty={<>No posts{search || state ? ' match these filters' : ' yet'}.</>}
        pager={{ page, pages, onPage: setPage }}
      >
        {(b) => (
          <tr key={b.id}>
            <td>
              <Link href={`~${adminPaths.adminBlogsEdit.getHref({ id: String(b.id) })}`}>{b.title}</Link>
            </td>
            <td>{b.published ? 'Published' : 'Draft'}</td>
            <td>{b.published && b.published_at ? weekdayDate(b.published_at) : '—'}</td>
            <td>{b.author ?? '—'}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}

export function AdminBlogCreateRoute() {
  usePageMeta('New post')
  const [, navigate] = useLocation()
  const save = useSaveBlog()
  return (
    <>
      <PageHeader title='New post' />
      <BlogForm
        initial={emptyBlog()}
        submitLabel='Create post'
        onCancel={() => navigate(listHref())}
        onSave={async (values) => {
          try {
            const id = await save.mutateAsync({ id: null, values })
            toast.success(values.published ? 'Post published' : 'Draft saved')
            navigate(`~${adminPaths.adminBlogsEdit.getHref({ id: String(id) })}`)
            return null
          } catch (e) {
            return (e as Error).message
          }
        }}
      />
    </>
  )
}

export function AdminBlogEditRoute({ id }: { id: string }) {
  usePageMeta('Edit post')
  const [, navigate] = useLocation()
  const blog = useBlog(Number(id))
  const save = useSaveBlog()
  const remove = useDeleteBlog()
  const [deleting, setDeleting] = useState(false)
  if (blog.isPending) return <Status>Loading the post…</Status>
  if (blog.isError) return <ErrorNotice title='The post could not be loaded' message={blog.error.message} />
  const b = blog.data
  if (!b)
    return (
      <>
        <PageHeader title='Edit post' />
        <EmptyState>There is no post {id}.</EmptyState>
      </>
    )
  return (
    <>
      <PageHeader title={b.title}>
        {b.published && (
          <a href={paths.blog.getHref({ slug: b.slug })} className={buttonSecondary} target='_blank' rel='noopener'>
            View on the blog<span className={visuallyHidden}> (opens in a new tab)</span>
          </a>
        )}
        <button type='button' className={buttonSecondary} onClick={() => setDeleting(true)}>
          Delete post
        </button>
      </PageHeader>
      <p>
        {b.published && b.published_at ? `Published ${weekdayDate(b.published_at)}` : 'Draft: not on the public blog'}
      </p>
      <BlogForm
        key={`${b.id}-${b.updated_at}`}
        initial={blogToForm(b)}
        submitLabel='Save post'
        onCancel={() => navigate(listHref())}
        onSave={async (values) => {
          try {
            await save.mutateAsync({ id: b.id, values })
            toast.success(
              values.published === b.published
                ? 'Post saved'
                : values.published
                  ? 'Post published'
                  : 'Post taken off the blog',
            )
            return null
          } catch (e) {
            return (e as Error).message
          }
        }}
      />
      {deleting && (
        <DeleteConfirm
          title={`Delete ${b.title}?`}
          remove={remove}
          id={b.id}
          done='Post deleted'
          onClose={(deleted) => (deleted ? navigate(listHref()) : setDeleting(false))}
        >
          <p>The post disappears from the public blog and cannot be brought back. Its link stops working.</p>
        </DeleteConfirm>
      )}
    </>
  )
}
