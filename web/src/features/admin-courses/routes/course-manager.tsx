// /admin/course-manager: every course with its lessons and published state; search, filter and
// page; publish or withdraw, open in the builder, delete after confirming.
import { useMemo, useState } from 'react'
import { DeleteConfirm, usePaged } from '@/components/admin/list-screen'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonLink, buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type Course, useCourses } from '../api/get-courses'
import { useDeleteCourse, useSetCoursePublished } from '../api/save-course'
import { muted, noWrap } from '@/components/admin/styles'

export const PAGE_SIZE = 20
export const builderHref = (id: number) => `${adminPaths.adminCourseBuilder.getHref()}?id=${id}`

export function filterCourses(courses: readonly Course[], search: string, state: string): Course[] {
  const q = search.trim().toLowerCase()
  return courses.filter(
    (c) =>
      (state === '' || (state === 'published') === c.published) &&
      (q === '' || `${c.title} ${c.summary ?? ''} ${c.slug}`.toLowerCase().includes(q)),
  )
}

export function AdminCourseManagerRoute() {
  usePageMeta('Course manager')
  const courses = useCourses()
  const publish = useSetCoursePublished()
  const remove = useDeleteCourse()
  const [search, setSearch] = useState('')
  const [state, setState] = useState('')
  const [deleting, setDeleting] = useState<Course | null>(null)
  const filtered = useMemo(() => filterCourses(courses.data ?? [], search, state), [courses.data, search, state])
  const { page, setPage, pages, shown } = usePaged(filtered, PAGE_SIZE, [search, state])
  const toggle = (c: Course) =>
    publish.mutate(
      { id: c.id, published: !c.published },
      {
        onSuccess: () => toast.success(c.published ? `${c.title} withdrawn` : `${c.title} published`),
        onError: (e) => toast.error(e.message),
      },
    )
  return (
    <>
      <PageHeader title='Course manager'>
        <Link href={`~${adminPaths.adminCourseBuilder.getHref()}`} className={buttonPrimary}>
          New course
        </Link>
      </PageHeader>
      <div className={toolbar} role='search'>
        <Field label='Search courses'>
          <input type='search' value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field label='State'>
          <select value={state} onChange={(e) => setState(e.target.value)}>
            <option value=''>Published and drafts</option>
            <option value='published'>Published</option>
            <option value='draft'>Drafts</option>
          </select>
        </Field>
      </div>
      {courses.isPending && <Status>Loading courses…</Status>}
      {courses.isError && <ErrorNotice title='The courses could not be loaded' message={courses.error.message} />}
      <DataTable
        rows={courses.data && shown}
        head={['Course', { label: 'Lessons', num: true }, 'State', 'Actions']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'course' : 'courses'}
          </>
        }
        empty={courses.data?.length === 0 ? 'No courses yet. Build the first one.' : 'No course matches this search.'}
        pager={{ page, pages, onPage: setPage }}
      >
        {(c) => (
          <tr key={c.id}>
            <td>
              <Link href={`~${builderHref(c.id)}`}>{c.title}</Link>
              {c.summary && (
                <>
                  <br />
                  <span className={muted}>{c.summary}</span>
                </>
              )}
            </td>
            <td className='num'>{c.lessons.length}</td>
            <td>{c.published ? 'Published' : 'Draft'}</td>
            <td className={noWrap}>
              <button
                type='button'
                className={buttonLink}
                disabled={publish.isPending}
                aria-label={`${c.published ? 'Withdraw' : 'Publish'} ${c.title}`}
                onClick={() => toggle(c)}
              >
                {c.published ? 'Withdraw' : 'Publish'}
              </button>
              {' · '}
              <button
                type='button'
                className={buttonLink}
                aria-label={`Delete ${c.title}`}
                onClick={() => setDeleting(c)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {deleting && (
        <DeleteConfirm
          title={`Delete ${deleting.title}?`}
          confirmLabel='Delete course'
          remove={remove}
          id={deleting.id}
          done='Course deleted'
          onClose={() => setDeleting(null)}
        >
          <p>
            The course and its {deleting.lessons.length} {deleting.lessons.length === 1 ? 'lesson' : 'lessons'} are
            deleted for good.
          </p>
        </DeleteConfirm>
      )}
    </>
  )
}
