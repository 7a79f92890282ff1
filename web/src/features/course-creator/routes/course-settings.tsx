// /settings/{course_id}: an expert edits their own course: its title and summary, and its
// lessons (title and rich text, moved up or down with buttons, so no dragging is needed); and
// deletes the course after confirming. Another expert's course, or no course, is a 404.
// Edits of published work go to the Roots team for review: the form then shows the edit that
// waits (or came back with the team's note), and the published words stay until approved.
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { TextAreaField, TextField } from '@/components/form/Field'
import { Modal } from '@/components/Modal'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import { buttonPrimary, buttonSecondary, visuallyHidden } from '@/components/styles'
import { paths } from '@/config/paths'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import {
  courseSchema,
  type MyCourse,
  type MyLesson,
  useDeleteCourse,
  useMyCourse,
  useUpdateCourse,
} from '../api/courses'
import type { MyExpert } from '../api/get-my-expert'
import { type Direction, lessonTitleSchema, useLessonMutations, useMoveLesson } from '../api/lessons'
import { type CourseRevision, useCourseRevisions, useDiscardRevision } from '../api/revisions'
import { ExpertGate } from '../components/ExpertGate'
import { coursePage, dialogActions } from '../components/styles'
import { statusLabel } from './course-creator'

export const PUBLISHING_NOTE =
  'The Roots team publishes courses, and lessons added to them later, once they have read them. Edits to what is already published go to them for review too: the published version stays until they approve the edit.'

/** What the expert is told once an edit of published work has gone to the team. */
export const sentForReview = (what: string) =>
  `${what} sent for review. The published version stays until the Roots team approves your edit.`

/** The edit of this course or lesson waiting for the team, or sent back with their note. */
function RevisionNotice({ revision, what, courseId }: { revision: CourseRevision; what: string; courseId: number }) {
  const discard = useDiscardRevision(courseId)
  const drop = () =>
    discard.mutate(revision.id, {
      onSuccess: () => toast.success(`Your edit of ${what} was dropped: the form shows the published version again.`),
      onError: (e) => toast.error(e.message),
    })
  return (
    <div className='review' data-status={revision.status}>
      {revision.status === 'pending' ? (
        <p>
          <strong>Waiting for review.</strong> The form shows your edit of {what}; visitors see the published version
          until the Roots team approves it.
        </p>
      ) : (
        <>
          <p>
            <strong>Sent back by the Roots team.</strong> Change your edit of {what} and save it to send it again, or
            drop it. Their note:
          </p>
          <blockquote>{revision.review_note}</blockquote>
        </>
      )}
      <button type='button' className={buttonSecondary} disabled={discard.isPending} onClick={drop}>
        Drop my edit<span className={visuallyHidden}> of {what}</span>
      </button>
    </div>
  )
}

function CourseDetails({
  course,
  expertId,
  revision,
}: {
  course: MyCourse
  expertId: number
  revision: CourseRevision | undefined
}) {
  const update = useUpdateCourse(course.id, expertId)
  const [sent, setSent] = useState('')
  const { ref, errors, onSubmit, pending } = useZodSubmit(courseSchema, {
    send: async (input) => {
      setSent('')
      const result = await update.mutateAsync(input)
      if (result === 'in_review') setSent(sentForReview('Course details'))
      toast.success(result === 'in_review' ? sentForReview('Course details') : 'Course saved.')
    },
  })
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby='details-title'>
      <h2 id='details-title'>Course details</h2>
      <p>
        <span className='badge' data-published={course.published}>
          {statusLabel(course.published)}
        </span>{' '}
        {PUBLISHING_NOTE}
      </p>
      {revision && <RevisionNotice revision={revision} what='the course details' courseId={course.id} />}
      <TextField
        key={`title-${revision?.id ?? 'live'}`}
        label='Course title'
        name='title'
        defaultValue={revision?.title ?? course.title}
        error={errors.title}
      />
      <TextAreaField
        key={`summary-${revision?.id ?? 'live'}`}
        label='Summary (optional)'
        name='summary'
        rows={3}
        defaultValue={(revision ? revision.summary : course.summary) ?? ''}
        error={errors.summary}
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <p role='status' className={sent ? 'sent' : visuallyHidden}>
        {sent}
      </p>
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Saving…' : course.published ? 'Send details for review' : 'Save details'}
      </button>
    </form>
  )
}

export const PUBLISHED_DELETE_NOTE =
  'This course is published, so only the Roots team can delete it: ask them to withdraw it first.'

export const moveButtonId = (lessonId: number, direction: Direction) => `lesson-${lessonId}-${direction}`

/** Move up / Move down: at either end the button says so (aria-disabled) and keeps its focus. */
function MoveButtons({
  lesson,
  index,
  count,
  onMove,
}: {
  lesson: MyLesson
  index: number
  count: number
  onMove: (d: Direction) => void
}) {
  const button = (direction: Direction, atEnd: boolean) => (
    <button
      type='button'
      id={moveButtonId(lesson.id, direction)}
      className={buttonSecondary}
      aria-disabled={atEnd || undefined}
      onClick={() => {
        if (!atEnd) onMove(direction)
      }}
    >
      <span aria-hidden='true'>{direction === 'up' ? '↑' : '↓'} </span>Move
      <span className={visuallyHidden}> lesson “{lesson.title}”</span> {direction}
    </button>
  )
  return (
    <div className='actions'>
      {button('up', index === 0)}
      {button('down', index === count - 1)}
    </div>
  )
}

interface LessonProps {
  lesson: MyLesson
  index: number
  count: number
  courseId: number
  onMove: (d: Direction) => void
  revision: CourseRevision | undefined
}

function LessonEditor({ lesson, index, count, courseId, onMove, revision }: LessonProps) {
  const { save, remove } = useLessonMutations(courseId)
  // The expert carries on from their edit waiting for review, if there is one.
  const source = revision?.content
    ? { title: revision.title, content: revision.content, key: `revision-${revision.id}` }
    : { title: lesson.title, content: lesson.content, key: 'live' }
  const content = useRef<RichTextNode>(source.content)
  const shown = useRef(source.key)
  if (shown.current !== source.key) {
    shown.current = source.key
    content.current = source.content
  }
  const [sent, setSent] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { ref, errors, onSubmit, pending } = useZodSubmit(lessonTitleSchema, {
    send: async ({ title }) => {
      setSent('')
      const result = await save.mutateAsync({ id: lesson.id, title, content: content.current })
      if (result === 'in_review') setSent(sentForReview(`Lesson “${title}”`))
      toast.success(result === 'in_review' ? sentForReview(`Lesson “${title}”`) : `Lesson “${title}” saved.`)
    },
  })
  const headingId = `lesson-${lesson.id}`
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>
        Lesson {index + 1}: {lesson.title}
      </h3>
      <p>
        <span className='badge' data-published={lesson.published}>
          {statusLabel(lesson.published)}
        </span>
      </p>
      <MoveButtons lesson={lesson} index={index} count={count} onMove={onMove} />
      {revision && <RevisionNotice revision={revision} what={`lesson ${index + 1}`} courseId={courseId} />}
      <TextField
        key={`title-${source.key}`}
        label='Lesson title'
        name='title'
        defaultValue={source.title}
        error={errors.title}
      />
      <LazyRichTextEditor
        key={`content-${source.key}`}
        label={`Content of lesson ${index + 1}`}
        value={source.content}
        onChange={(v) => {
          content.current = v
        }}
        preset='full'
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <p role='status' className={sent ? 'sent' : visuallyHidden}>
        {sent}
      </p>
      <div className='actions'>
        <button type='submit' className={buttonPrimary} disabled={pending}>
          {pending ? 'Saving…' : lesson.published ? 'Send lesson for review' : 'Save lesson'}
        </button>
        {lesson.published ? null : confirming ? (
          <>
            <button
              type='button'
              className={buttonSecondary}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(lesson.id, {
                  onSuccess: () => toast.success('Lesson deleted.'),
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              Yes, delete “{lesson.title}”
            </button>
            <button type='button' className={buttonSecondary} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type='button' className={buttonSecondary} onClick={() => setConfirming(true)}>
            Delete lesson
          </button>
        )}
      </div>
      {lesson.published && <p>Only the Roots team can remove a published lesson.</p>}
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
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Adding…' : 'Add lesson'}
      </button>
    </form>
  )
}

/** Moves a lesson, says where it went (aria-live) and keeps focus on the button that moved it. */
function useLessonOrder(courseId: number, lessons: MyLesson[]) {
  const move = useMoveLesson(courseId)
  const [announcement, setAnnouncement] = useState('')
  const [focusId, setFocusId] = useState<string | null>(null)
  useEffect(() => {
    const el = focusId ? document.getElementById(focusId) : null
    if (!el) return
    if (document.activeElement !== el) el.focus()
    setFocusId(null)
  }, [focusId, lessons])
  const onMove = (lesson: MyLesson, direction: Direction) => {
    if (move.isPending) return
    setAnnouncement('')
    move.mutate(
      { id: lesson.id, direction },
      {
        onSuccess: (n) => {
          setFocusId(moveButtonId(lesson.id, direction))
          setAnnouncement(`“${lesson.title}” is now lesson ${n} of ${lessons.length}.`)
        },
        onError: (e) => toast.error(e.message),
      },
    )
  }
  return { announcement, onMove }
}

function DeleteCourse({ course, lessonCount, expertId }: { course: MyCourse; lessonCount: number; expertId: number }) {
  const remove = useDeleteCourse(course.id, expertId)
  const [confirming, setConfirming] = useState(false)
  const [, navigate] = useLocation()
  const close = () => {
    if (!remove.isPending) setConfirming(false)
  }
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`Course “${course.title}” deleted.`)
        navigate(paths.courseCreator.getHref())
      },
      onError: (e) => {
        setConfirming(false)
        toast.error(e.message)
      },
    })
  return (
    <section className='card' aria-labelledby='delete-course-title'>
      <h2 id='delete-course-title'>Delete this course</h2>
      {course.published ? (
        <p>{PUBLISHED_DELETE_NOTE}</p>
      ) : (
        <>
          <p>Deleting the course deletes its lessons too.</p>
          <button type='button' className={buttonSecondary} onClick={() => setConfirming(true)}>
            Delete course
          </button>
        </>
      )}
      {confirming && (
        <Modal title={`Delete “${course.title}”?`} onClose={close} onClickOutside={close} closeLabel='Keep the course'>
          <p>
            The course and {lessonCount === 1 ? 'its lesson' : `its ${lessonCount} lessons`} are deleted for good. This
            cannot be undone.
          </p>
          <div className={dialogActions}>
            <button type='button' className={buttonPrimary} disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Deleting…' : 'Yes, delete the course'}
            </button>
            <button type='button' className={buttonSecondary} onClick={close}>
              Keep it
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}

function Lessons({
  course,
  lessons,
  revisions,
}: {
  course: MyCourse
  lessons: MyLesson[]
  revisions: CourseRevision[]
}) {
  const { announcement, onMove } = useLessonOrder(course.id, lessons)
  return (
    <>
      <h2>Lessons</h2>
      <p role='status' aria-live='polite' className={visuallyHidden}>
        {announcement}
      </p>
      {lessons.length === 0 && <p role='status'>No lessons yet. Add the first one below.</p>}
      {lessons.map((l, i) => (
        <LessonEditor
          key={l.id}
          lesson={l}
          index={i}
          count={lessons.length}
          courseId={course.id}
          onMove={(d) => onMove(l, d)}
          revision={revisions.find((r) => r.lesson_id === l.id)}
        />
      ))}
      <AddLessonForm courseId={course.id} nextPosition={lessons.reduce((m, l) => Math.max(m, l.position + 1), 0)} />
    </>
  )
}

function CourseEditor({ courseId, expert }: { courseId: number; expert: MyExpert }) {
  const course = useMyCourse(courseId, expert.id)
  const revisions = useCourseRevisions(courseId, !!course.data)
  usePageMeta(course.data ? `${course.data.course.title} settings` : 'Course settings')
  if (course.data === null) throw new HttpError(404, 'Page not found', 'There is no course of yours at this address.')
  if (course.isError)
    return (
      <p className='error' role='alert'>
        {course.error.message}
      </p>
    )
  if (!course.data) return <p role='status'>Loading the course…</p>
  const { course: c, lessons } = course.data
  return (
    <>
      <h1>{c.title}</h1>
      <p>
        <Link href={paths.courseCreator.getHref()}>All your courses</Link>
      </p>
      {revisions.isError && (
        <p className='error' role='alert'>
          {revisions.error.message}
        </p>
      )}
      <CourseDetails course={c} expertId={expert.id} revision={revisions.data?.find((r) => r.lesson_id === null)} />
      <Lessons course={c} lessons={lessons} revisions={revisions.data ?? []} />
      <DeleteCourse course={c} lessonCount={lessons.length} expertId={expert.id} />
    </>
  )
}

export default function CourseSettingsRoute() {
  const { course_id = '' } = useParams<{ course_id: string }>()
  usePageMeta('Course settings')
  if (!/^[1-9]\d{0,14}$/.test(course_id))
    throw new HttpError(404, 'Page not found', 'There is no course at this address.')
  return (
    <div className={coursePage}>
      <ExpertGate title='Course settings'>
        {(expert) => <CourseEditor courseId={Number(course_id)} expert={expert} />}
      </ExpertGate>
    </div>
  )
}
