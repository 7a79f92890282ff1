// Share a post: X, Facebook, WhatsApp and e-mail links for the page's own address, and a
// button that copies it.
import { css } from 'goober'
import { buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'

const share = css`
  margin: 2rem 0;
  max-width: 42rem;
  h2 {
    font-size: 1.1rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.25rem;
    align-items: center;
  }
  a {
    display: inline-block;
    padding: 0.5rem 0;
    font-weight: 600;
  }
`

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'Share on WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { label: 'Share by e-mail', href: `mailto:?subject=${t}&body=${u}` },
  ]
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Link copied.')
    } catch {
      toast.error('Your browser did not let us copy the link. Copy it from the address bar instead.')
    }
  }
  return (
    <section className={share} aria-labelledby='share-heading'>
      <h2 id='share-heading'>Share this post</h2>
      <ul>
        {shareLinks(url, title).map((l) => (
          <li key={l.label}>
            <a href={l.href} target='_blank' rel='noopener noreferrer'>
              {l.label}
            </a>
          </li>
        ))}
        <li>
          <button type='button' className={buttonSecondary} onClick={() => void copy()}>
            Copy link
          </button>
        </li>
      </ul>
    </section>
  )
}
