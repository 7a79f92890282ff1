// /admin/course-manager/course-builder (?id= a course): a new course's details, or a course's
// details and lessons: write each lesson in the rich-text editor, put them in order (Move up /
// Move down, so no dragging is needed), delete one after confirming, and publish the course.
import { useEffect, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation, useSearch } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { emptyCourse, emptyLesson, moveLesson } from '../api/course-schema'
import { type Course, type Lesson, useCourse } from '../api/get-courses'
import {
  useDeleteLesson,
  useReorderLessons,
  useSaveCourse,
  useSaveLesson,
  useSetCoursePublished,
} from '../api/save-course'
import { CourseForm } from '../components/CourseForm'
import { LessonEditor } from '../components/LessonEditor'
import { builderHref } from './course-manager'

const lessonList = css`
  list-style: none;
  padding: 0;
  margin: 0 0 1.5rem;
  display: grid;
  gap: 0.5rem;
  max-width: 52rem;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.5rem 0.75rem;
  }
  .title {
    font-weight: 700;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
  }
  .actions button {
    min-height: 2.5rem;
    padding: 0.25rem 0.75rem;
  }
`

export function AdminCourseBuilderRoute() {
  const id = Number(new URLSearchParams(useSearch()).get('id'))
  return Number.isInteger(id) && id > 0 ? <CourseBuilder id={id} /> : <NewCourse />
}

function NewCourse() {
  usePageMeta('New course')
  const [, navigate] = useLocation()
  const save = useSaveCourse()
  return (
    <>
      <PageHeader title='New course' />
      <CourseForm
        initial={emptyCourse()}
        submitLabel='Create course'
        onCancel={() => navigate(`~${adminPaths.adminCourseManager.getHref()}`)}
        onSave={async (values) => {
          try {
            const id = await save.mutateAsync({ id: null, values })
            toast.success('Course created: now add its lessons')
            navigate(`~${builderHref(id)}`, { replace: true })
            return null
          } catch (e) {
            return (e as { code?: string }).code === '23505'
              ? 'Another course already uses this slug.'
              : (e as Error).message
          }
        }}
      />
    </>
  )
}

function CourseBuilder({ id }: { id: number }) {
  usePageMeta('Course builder')
  const course = useCourse(id)
  if (course.isPending) return <Status>Loading the course…</Status>
  if (course.isError) return <ErrorNotice title='The course could not be loaded' message={course.error.message} />
  if (!course.data)
    return (
      <>
        <PageHeader title='Course builder' />
        <EmptyState>
          There is no course {id}. <Link href={`~${adminPaths.adminCourseManager.getHref()}`}>Back to the courses</Link>
        </EmptyState>
      </>
    )
  return <Builder course={course.data} />
}

function Builder({ course }: { course: Course }) {
  const saveCourse = useSaveCourse()
  const publish = useSetCoursePublished()
  const saveLesson = useSaveLesson()
  const removeLesson = useDeleteLesson()
  const reorder = useReorderLessons()
  const [editing, setEditing] = useState<Lesson | 'new' | null>(course.lessons.length === 0 ? 'new' : null)
  const [deleting, setDeleting] = useState<Lesson | null>(null)
  const [focus, setFocus] = useState<string | null>(null)
  const ids = course.lessons.map((l) => l.id)
  useEffect(() => {
    const el = focus ? (document.getElementById(focus) as HTMLButtonElement | null) : null
    if (el && !el.disabled) {
      el.focus()
      setFocus(null)
    }
  }, [focus, course, reorder.isPending])

  const move = (lesson: Lesson, by: -1 | 1) => {
    const next = moveLesson(ids, lesson.id, by)
    if (!next) return
    reorder.mutate(
      { courseId: course.id, ids: next },
      {
        onSuccess: () => {
          const end = by === -1 ? next.indexOf(lesson.id) === 0 : next.indexOf(lesson.id) === next.length - 1
          setFocus(`lesson-${lesson.id}-${by === -1 ? (end ? 'down' : 'up') : end ? 'up' : 'down'}`)
          toast.success(`“${lesson.title}” is now lesson ${next.indexOf(lesson.id) + 1}`)
        },
        onError: (e) => toast.error(e.message),
      },
    )
  }
  const togglePublished = () =>
    publish.mutate(
      { id: course.id, published: !course.published },
      {
        onSuccess: () => toast.success(course.published ? 'Course withdrawn' : 'Course published'),
        onError: (e) => toast.error(e.message),
      },
    )
  const nextPosition = course.lessons.reduce((m, l) => Math.max(m, l.position + 1), 0)

  return (
    <>
      <PageHeader title={course.title}>
        <button type='button' className={buttonPrimary} disabled={publish.isPending} onClick={togglePublished}>
          {course.published ? 'Withdraw course' : 'Publish course'}
        </button>
        <Link href={`~${adminPaths.adminCourseManager.getHref()}`} className={buttonSecondary}>
          All courses
        </Link>
      </PageHeader>
      <p>{course.published ? 'Published: the course and its lessons are public.' : 'Draft: only staff can see it.'}</p>
      <h2>Details</h2>
      <CourseForm
        key={course.updated_at}
        initial={{ title: course.title, slug: course.slug, summary: course.summary ?? '' }}
        submitLabel='Save details'
        onSave={async (values) => {
          try {
            await saveCourse.mutateAsync({ id: course.id, values })
            toast.success('Course details saved')
            return null
          } catch (e) {
            return (e as { code?: string }).code === '23505'
              ? 'Another course already uses this slug.'
              : (e as Error).message
          }
        }}
      />
      <h2 id='lessons-title'>Lessons</h2>
      {course.lessons.length === 0 ? (
        <EmptyState>No lessons yet: write the first one below.</EmptyState>
      ) : (
        <ol className={lessonList} aria-labelledby='lessons-title'>
          {course.lessons.map((l, i) => (
            <li key={l.id}>
              <span>
                <span className='title'>
                  {i + 1}. {l.title}
                </span>
              </span>
              <span className='actions'>
                <button
                  type='button'
                  id={`lesson-${l.id}-up`}
                  className={buttonSecondary}
                  disabled={i === 0 || reorder.isPending}
                  aria-label={`Move “${l.title}” up`}
                  onClick={() => move(l, -1)}
                >
                  ↑ Up
                </button>
                <button
                  type='button'
                  id={`lesson-${l.id}-down`}
                  className={buttonSecondary}
                  disabled={i === course.lessons.length - 1 || reorder.isPending}
                  aria-label={`Move “${l.title}” down`}
                  onClick={() => move(l, 1)}
                >
                  ↓ Down
                </button>
                <button
                  type='button'
                  className={buttonSecondary}
                  aria-label={`Edit “${l.title}”`}
                  onClick={() => setEditing(l)}
                >
                  Edit
                </button>
                <button
                  type='button'
                  className={buttonSecondary}
                  aria-label={`Delete “${l.title}”`}
                  onClick={() => setDeleting(l)}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {editing === null ? (
        <button type='button' className={buttonPrimary} onClick={() => setEditing('new')}>
          Add a lesson
        </button>
      ) : (
        <section aria-labelledby='lesson-editor-title'>
          <h2 id='lesson-editor-title'>
            {editing === 'new' ? `New lesson (lesson ${course.lessons.length + 1})` : `Edit “${editing.title}”`}
          </h2>
          <LessonEditor
            key={editing === 'new' ? `new-${course.lessons.length}` : editing.id}
            initial={editing === 'new' ? emptyLesson() : { title: editing.title, content: editing.content }}
            submitLabel={editing === 'new' ? 'Add lesson' : 'Save lesson'}
            onCancel={() => setEditing(null)}
            onSave={async (values) => {
              try {
                await saveLesson.mutateAsync({
                  courseId: course.id,
                  id: editing === 'new' ? null : editing.id,
                  values,
                  nextPosition,
                })
                toast.success(editing === 'new' ? 'Lesson added' : 'Lesson saved')
                setEditing(null)
                return null
              } catch (e) {
                return (e as Error).message
              }
            }}
          />
        </section>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          confirmLabel='Delete lesson'
          busy={removeLesson.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            removeLesson.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('Lesson deleted')
                setDeleting(null)
                if (editing !== 'new' && editing?.id === deleting.id) setEditing(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setDeleting(null)
              },
            })
          }
        >
          <p>The lesson’s text is deleted for good.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
