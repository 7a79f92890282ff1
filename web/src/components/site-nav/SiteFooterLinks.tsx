// The footer's link groups (footer-links.ts), one labelled navigation landmark. Loaded after the
// first paint (SiteFooter.tsx): the footer starts below the fold, so arriving late moves nothing.
import { css } from 'goober'
import { Link } from 'wouter'
import { FOOTER_GROUPS } from './footer-links'

const groups = css`
  display: grid;
  gap: 1.5rem 2rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
    color: #fff;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: inline-block;
    padding: 0.3rem 0;
    color: #e6ebe7;
    text-underline-offset: 0.2em;
  }
  a:hover {
    color: #fff;
  }
`

export function SiteFooterLinks() {
  return (
    <nav aria-label='Footer' className={groups} data-testid='footer-links'>
      {FOOTER_GROUPS.map((g) => (
        <div key={g.title}>
          <h2>{g.title}</h2>
          <ul>
            {g.links.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}
