// The knowledge-base search box: a plain GET form to /kb?q=…, so it works from any article.
import { css } from 'goober'
import { useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary } from '@/components/styles'

const form = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: end;
  max-width: 36rem;
  margin: 0 0 1.5rem;
  label {
    flex-basis: 100%;
    font-weight: 600;
  }
  input {
    flex: 1 1 12rem;
    font: inherit;
    padding: 0.6rem 0.75rem;
    border: 2px solid var(--roots-border);
    border-radius: 0.5rem;
    min-height: 2.75rem;
  }
`

export function KbSearch({ initial = '' }: { initial?: string }) {
  const [, navigate] = useLocation()
  return (
    <form
      role='search'
      className={form}
      action={paths.kbHome.getHref()}
      onSubmit={(e) => {
        e.preventDefault()
        const q = String(new FormData(e.currentTarget).get('q') ?? '').trim()
        navigate(q ? `${paths.kbHome.getHref()}?q=${encodeURIComponent(q)}` : paths.kbHome.getHref())
      }}
    >
      <label htmlFor='kb-q'>Search the knowledge base</label>
      <input id='kb-q' name='q' type='search' defaultValue={initial} key={initial} maxLength={100} />
      <button type='submit' className={buttonPrimary}>
        Search
      </button>
    </form>
  )
}
