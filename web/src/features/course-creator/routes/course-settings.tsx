// /settings/{course_id}: an expert edits their own course: its title and summary, and its
// lessons (title and rich text). Another expert's course, or no course, is a 404.
import { useRef, useState } from 'react'
import { Link, useParams } from 'wouter'
import { TextAreaField, TextField } from '@/components/form/Field'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { paths } from '@/config/paths'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { courseSchema, type MyCourse, type MyLesson, useMyCourse, useUpdateCourse } from '../api/courses'
import type { MyExpert } from '../api/get-my-expert'
import { lessonTitleSchema, useLessonMutations } from '../api/lessons'
import { ExpertGate } from '../components/ExpertGate'
import { coursePage } from '../components/styles'
import { statusLabel } from './course-creator'

export const PUBLISHING_NOTE =
  'The Roots team publishes courses, and lessons added to them later, once they have read them. Edits to what is already published show straight away.'

function CourseDetails({ course, expertId }: { course: MyCourse; expertId: number }) {
  const update = useUpdateCourse(course.id, expertId)
  const { ref, errors, onSubmit, pending } = useZodSubmit(courseSchema, {
    send: async (input) => {
      await update.mutateAsync(input)
      toast.success('Course saved.')
    },
  })
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby='details-title'>
      <h2 id='details-title'>Course details</h2>
      <p><span className='badge' data-published={course.published}>{statusLabel(course.published)}</span> {PUBLISHING_NOTE}</p>
      <TextField label='Course title' name='title' defaultValue={course.title} error={errors.title} />
      <TextAreaField label='Summary (optional)' name='summary' rows={3} defaultValue={course.summary ?? ''} error={errors.summary} />
      {errors._form && <p className='error' role='alert'>{errors._form}</p>}
      <button type='submit' className={buttonPrimary} disabled={pending}>{pending ? 'Saving…' : 'Save details'}</button>
    </form>
  )
}

function LessonEditor({ lesson, index, courseId }: { lesson: MyLesson; index: number; courseId: number }) {
  const { save, remove } = useLessonMutations(courseId)
  const content = useRef<RichTextNode>(lesson.content)
  const [confirming, setConfirming] = useState(false)
  const { ref, errors, onSubmit, pending } = useZodSubmit(lessonTitleSchema, {
    send: async ({ title }) => {
      await save.mutateAsync({ id: lesson.id, title, content: content.current })
      toast.success(`Lesson “${title}” saved.`)
    },
  })
  const headingId = `lesson-${lesson.id}`
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Lesson {index + 1}: {lesson.title}</h3>
      <TextField label='Lesson title' name='title' defaultValue={lesson.title} error={errors.title} />
      <LazyRichTextEditor label={`Content of lesson ${index + 1}`} value={lesson.content} onChange={(v) => { content.current = v }} preset='full' />
      {errors._form && <p className='error' role='alert'>{errors._form}</p>}
      <div className='actions'>
        <button type='submit' className={buttonPrimary} disabled={pending}>{pending ? 'Saving…' : 'Save lesson'}</button>
        {confirming
          ? (
            <>
              <button type='button' className={buttonSecondary} disabled={remove.isPending}
                onClick={() => remove.mutate(lesson.id, { onSuccess: () => toast.success('Lesson deleted.'), onError: (e) => toast.error(e.message) })}>
                Yes, delete “{lesson.title}”
              </button>
              <button type='button' className={buttonSecondary} onClick={() => setConfirming(false)}>Keep it</button>
            </>
          )
          : <button type='button' className={buttonSecondary} onClick={() => setConfirming(true)}>Delete lesson</button>}
      </div>
    </form>
  )
}

function AddLessonForm({ courseId, nextPosition }: { courseId: number; nextPosition: number }) {
  const { add } = useLessonMutations(courseId)
  const { ref, errors, onSubmit, pending } = useZodSubmit(lessonTitleSchema, {
    send: async ({ title }) => {
      await add.mutateAsync({ title, nextPosition })
      ref.current?.reset()
      toast.success(`Lesson “${title}” added: write it below.`)
    },
  })
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby='add-lesson-title'>
      <h2 id='add-lesson-title'>Add a lesson</h2>
      <TextField label='New lesson title' name='title' error={errors.title} />
      {errors._form && <p className='error' role='alert'>{errors._form}</p>}
      <button type='submit' className={buttonPrimary} disabled={pending}>{pending ? 'Adding…' : 'Add lesson'}</button>
    </form>
  )
}

function CourseEditor({ courseId, expert }: { courseId: number; expert: MyExpert }) {
  const course = useMyCourse(courseId, expert.id)
  usePageMeta(course.data ? `${course.data.course.title} settings` : 'Course settings')
  if (course.data === null) throw new HttpError(404, 'Page not found', 'There is no course of yours at this address.')
  if (course.isError) return <p className='error' role='alert'>{course.error.message}</p>
  if (!course.data) return <p role='status'>Loading the course…</p>
  const { course: c, lessons } = course.data
  return (
    <>
      <h1>{c.title}</h1>
      <p><Link href={paths.courseCreator.getHref()}>All your courses</Link></p>
      <CourseDetails course={c} expertId={expert.id} />
      <h2>Lessons</h2>
      {lessons.length === 0 && <p role='status'>No lessons yet. Add the first one below.</p>}
      {lessons.map((l, i) => <LessonEditor key={l.id} lesson={l} index={i} courseId={c.id} />)}
      <AddLessonForm courseId={c.id} nextPosition={lessons.reduce((m, l) => Math.max(m, l.position + 1), 0)} />
    </>
  )
}

export default function CourseSettingsRoute() {
  const { course_id = '' } = useParams<{ course_id: string }>()
  usePageMeta('Course settings')
  if (!/^[1-9]\d{0,14}$/.test(course_id)) throw new HttpError(404, 'Page not found', 'There is no course at this address.')
  return (
    <div className={coursePage}>
      <ExpertGate title='Course settings'>{(expert) => <CourseEditor courseId={Number(course_id)} expert={expert} />}</ExpertGate>
    </div>
  )
}
