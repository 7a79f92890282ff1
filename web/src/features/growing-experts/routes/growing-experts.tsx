// /growing-experts: the experts who teach Roots courses; /growing-experts/{eid}: one expert's
// profile and their published courses with lessons (404 for an unknown or unpublished expert).
import { css } from 'goober'
import { Link, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import { renderRichText } from '@/lib/rich-text/render-html'
import { type ExpertProfile, useExpert } from '../api/get-expert'
import { useExperts } from '../api/get-experts'
import { ExpertPhoto } from '../components/ExpertPhoto'

const page = css`
  max-width: 52rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .grid {
    list-style: none;
    padding: 0;
    margin: 1rem 0;
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1rem 1.25rem;
  }
  section.card {
    margin-bottom: 1rem;
  }
  .expert {
    display: flex;
    gap: 1rem;
    align-items: center;
  }
  .expert h2,
  .expert h3 {
    margin: 0;
    font-size: 1.15rem;
  }
  .muted {
    color: var(--roots-muted);
    margin: 0.25rem 0 0;
  }
  .lesson {
    border-top: 1px solid var(--roots-border);
    padding-top: 0.5rem;
    margin-top: 0.5rem;
  }
  .lesson summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 2.75rem;
    display: flex;
    align-items: center;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
`

export default function GrowingExpertsRoute() {
  usePageMeta('Growing experts', 'Meet the growers who teach Roots Allotments courses.')
  const experts = useExperts()
  return (
    <div className={page}>
      <h1>Growing experts</h1>
      <p>Seasoned growers who share what they know in short courses for Roots members and visitors.</p>
      {experts.isPending && <p role='status'>Loading our experts…</p>}
      {experts.isError && (
        <p className='error' role='alert'>
          We could not load our growing experts just now. Please try again later.
        </p>
      )}
      {experts.data?.length === 0 && <p role='status'>No experts are listed yet. Please check back soon.</p>}
      {experts.data && experts.data.length > 0 && (
        <ul className='grid'>
          {experts.data.map((e) => (
            <li key={e.id} className='card'>
              <div className='expert'>
                <ExpertPhoto name={e.name} url={e.photo_url} size={64} />
                <div>
                  <h2>
                    <Link href={paths.growingExpert.getHref({ eid: e.slug })}>{e.name}</Link>
                  </h2>
                  {e.specialism && <p className='muted'>{e.specialism}</p>}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Profile({ profile }: { profile: ExpertProfile }) {
  const { expert, courses } = profile
  return (
    <>
      <div className='expert'>
        <ExpertPhoto name={expert.name} url={expert.photo_url} />
        <div>
          <h1>{expert.name}</h1>
          {expert.specialism && <p className='muted'>{expert.specialism}</p>}
        </div>
      </div>
      {expert.bio && <p>{expert.bio}</p>}
      <h2>Courses</h2>
      {courses.length === 0 && <p role='status'>{expert.name} has no published courses yet.</p>}
      {courses.map((c) => (
        <section key={c.id} className='card' aria-labelledby={`course-${c.id}`}>
          <h3 id={`course-${c.id}`}>{c.title}</h3>
          {c.summary && <p>{c.summary}</p>}
          {c.lessons.length === 0 && <p className='muted'>Lessons are on their way.</p>}
          {c.lessons.map((l, i) => (
            <details key={l.id} className='lesson'>
              <summary>
                Lesson {i + 1}: {l.title}
              </summary>
              <div dangerouslySetInnerHTML={{ __html: renderRichText(l.content) }} />
            </details>
          ))}
        </section>
      ))}
      <p>
        <Link href={paths.growingExperts.getHref()}>All growing experts</Link>
      </p>
    </>
  )
}

export function GrowingExpertRoute() {
  const { eid = '' } = useParams<{ eid: string }>()
  const profile = useExpert(eid)
  usePageMeta(profile.data?.expert.name ?? 'Growing expert')
  if (profile.data === null) throw new HttpError(404, 'Page not found', 'There is no growing expert at this address.')
  return (
    <div className={page}>
      {profile.isPending && <p role='status'>Loading…</p>}
      {profile.isError && (
        <p className='error' role='alert'>
          We could not load this expert just now. Please try again later.
        </p>
      )}
      {profile.data && <Profile profile={profile.data} />}
    </div>
  )
}
