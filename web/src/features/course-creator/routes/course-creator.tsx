// /course-creator: a signed-in expert's courses (drafts and published) and a form to start a
// new one, which then opens in /settings/{course_id}.
import { Link, useLocation } from 'wouter'
import { TextAreaField, TextField } from '@/components/form/Field'
import { buttonPrimary } from '@/components/styles'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { courseSchema, useCreateCourse, useMyCourses } from '../api/courses'
import type { MyExpert } from '../api/get-my-expert'
import { ExpertGate } from '../components/ExpertGate'
import { coursePage } from '../components/styles'

export const statusLabel = (published: boolean) => (published ? 'Published' : 'Draft')

function CourseList({ expert }: { expert: MyExpert }) {
  const courses = useMyCourses(expert.id)
  if (courses.isPending) return <p role='status'>Loading your courses…</p>
  if (courses.isError)
    return (
      <p className='error' role='alert'>
        {courses.error.message}
      </p>
    )
  if (courses.data.length === 0) return <p role='status'>You have no courses yet. Start your first one below.</p>
  return (
    <ul className='courses'>
      {courses.data.map((c) => (
        <li key={c.id}>
          <Link href={paths.courseSettings.getHref({ course_id: String(c.id) })}>{c.title}</Link>
          <span className='badge' data-published={c.published}>
            {statusLabel(c.published)}
          </span>
        </li>
      ))}
    </ul>
  )
}

function NewCourseForm({ expert }: { expert: MyExpert }) {
  const create = useCreateCourse(expert)
  const [, navigate] = useLocation()
  const { ref, errors, onSubmit, pending } = useZodSubmit(courseSchema, {
    send: async (input) => {
      const course = await create.mutateAsync(input)
      toast.success(`Course “${course.title}” created. Now add its lessons.`)
      navigate(paths.courseSettings.getHref({ course_id: String(course.id) }))
    },
  })
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby='new-course-title'>
      <h2 id='new-course-title'>Start a new course</h2>
      <TextField label='Course title' name='title' error={errors.title} />
      <TextAreaField
        label='Summary (optional)'
        name='summary'
        rows={3}
        hint='One or two sentences: what will learners be able to do?'
        error={errors.summary}
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Creating…' : 'Create course'}
      </button>
    </form>
  )
}

export default function CourseCreatorRoute() {
  usePageMeta('Course creator')
  return (
    <div className={coursePage}>
      <ExpertGate title='Course creator'>
        {(expert) => (
          <>
            <h1>Your courses</h1>
            <p>
              Hello {expert.name}. Write your courses here; the Roots team reviews drafts and publishes them on your{' '}
              <Link href={paths.growingExpert.getHref({ eid: expert.slug })}>expert page</Link>.
            </p>
            <section className='card' aria-label='Your courses'>
              <CourseList expert={expert} />
            </section>
            <NewCourseForm expert={expert} />
          </>
        )}
      </ExpertGate>
    </div>
  )
}
