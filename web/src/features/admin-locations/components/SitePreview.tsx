// A preview of the public site page from what is in the form right now.
import { css } from 'goober'
import { DIRECTION_MODES, parseCoordinates, type SiteFormValues } from '../api/site-schema'

const title = css`
  font-size: 1rem;
  margin: 0;
`

const box = css`
  border: 1px solid #d9ddd9;
  border-radius: 0.5rem;
  background: var(--roots-surface);
  padding: 1rem 1.25rem;
  h3 {
    margin: 0.25rem 0 0.5rem;
    color: var(--roots-primary);
    font-size: 1.4rem;
  }
  .eyebrow {
    margin: 0;
    color: var(--roots-muted);
    font-weight: 600;
  }
  .badge {
    display: inline-block;
    padding: 0.125rem 0.5rem;
    border-radius: 999px;
    background: #e6efe8;
    color: var(--roots-primary);
    font-weight: 700;
    font-size: 0.85rem;
  }
  .promo {
    background: #fff4d6;
    color: #5c3d00;
    padding: 0.375rem 0.625rem;
    border-radius: 0.375rem;
    font-weight: 600;
  }
  ul {
    padding-left: 1.25rem;
  }
`

export function SitePreview({ values }: { values: SiteFormValues }) {
  const status = values.status || 'upcoming'
  const coords = parseCoordinates(values.coordinates)
  return (
    <section className={box} aria-labelledby='site-preview-title'>
      <h2 id='site-preview-title' className={title}>
        Preview of the site page
      </h2>
      <p className='eyebrow'>
        {values.city || 'City'} · <span className='badge'>{status}</span>
      </p>
      <h3>{values.description_title || values.location || 'Site name'}</h3>
      {values.promo && <p className='promo'>{values.promo}</p>}
      <p>{values.description || 'The description appears here.'}</p>
      {values.allotments && (
        <p>
          {values.allotments} plots{values.site_size ? ` on ${values.site_size} acres` : ''}
          {values.joined ? `, with us since ${values.joined}` : ''}.
        </p>
      )}
      {DIRECTION_MODES.some(({ key }) => values.directions[key].minutes) && (
        <ul aria-label='Getting there'>
          {DIRECTION_MODES.filter(({ key }) => values.directions[key].minutes).map(({ key, label }) => (
            <li key={key}>
              {label}: {values.directions[key].minutes} min
              {values.directions[key].text ? ` (${values.directions[key].text})` : ''}
            </li>
          ))}
        </ul>
      )}
      {values.distance_points.length > 0 && (
        <ul aria-label='Travel times'>
          {values.distance_points.map((p, i) => (
            <li key={i}>
              {p.icon}: {p.text}
            </li>
          ))}
        </ul>
      )}
      {values.pm_name && (
        <p>
          <strong>Your patch manager, {values.pm_name}:</strong> {values.pm_message}
        </p>
      )}
      {coords && (
        <p>
          Map: {coords.lat}, {coords.lng}
        </p>
      )}
      {status !== 'active' && (
        <p>
          Button: “{values.cta || 'Pre-register'}” → /prereg/{values.slug || 'slug'}/signup
        </p>
      )}
      {status === 'active' && values.cta && (
        <p>
          Button: “{values.cta}” → {values.cta_link || '(no link)'}
        </p>
      )}
    </section>
  )
}
