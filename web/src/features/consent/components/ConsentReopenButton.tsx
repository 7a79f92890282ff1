import { css } from 'goober'
import { useSnapshot } from 'valtio'
import { useTyping } from '@/lib/typing'
import { consent, isReopenButtonVisible, openModal } from '../stores/consent-store'

const button = css`
  position: fixed;
  left: 1rem;
  bottom: calc(1rem + var(--roots-promo-height, 0px));
  z-index: 800;
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  border: 2px solid var(--roots-primary);
  background: var(--roots-surface);
  color: var(--roots-primary);
  display: grid;
  place-items: center;
  padding: 0;
  cursor: pointer;
  box-shadow: 0 0.25rem 1rem rgb(0 0 0 / 0.2);
  /* Not on paper (a printed receipt). */
  @media print {
    display: none;
  }
  /* Phones: smaller, and out of the way while a form field has focus (the footer's "Cookie
     settings" is always there too). */
  @media (max-width: 48rem) {
    left: 0.5rem;
    bottom: calc(0.5rem + var(--roots-promo-height, 0px));
    width: 2.5rem;
    height: 2.5rem;
    &[data-typing='true'] {
      display: none;
    }
  }
`

/** After consent is given (when enabled): reopens the settings. */
export function ConsentReopenButton() {
  const snap = useSnapshot(consent)
  const typing = useTyping()
  if (!isReopenButtonVisible(snap as typeof consent)) return null
  return (
    <button
      type='button'
      className={button}
      onClick={openModal}
      aria-label='Cookie settings'
      data-testid='consent-reopen'
      data-typing={typing}
    >
      {/* Drawn, not an emoji: a device without an emoji font would show an empty box. */}
      <svg viewBox='0 0 24 24' width='60%' height='60%' aria-hidden='true' focusable='false'>
        <path
          fill='currentColor'
          d='M12 2a10 10 0 1 0 10 10 4 4 0 0 1-5-5 4 4 0 0 1-5-5Zm-3.5 7a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm-7 3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z'
        />
      </svg>
    </button>
  )
}
