import { css } from 'goober'
import { useSnapshot } from 'valtio'
import { consent, isReopenButtonVisible, openModal } from '../stores/consent-store'

const button = css`
  position: fixed; left: 1rem; bottom: calc(1rem + var(--roots-promo-height, 0px)); z-index: 800; width: 3rem; height: 3rem; border-radius: 50%;
  border: 2px solid var(--roots-primary); background: var(--roots-surface); color: var(--roots-primary);
  font-size: 1.4rem; cursor: pointer; box-shadow: 0 0.25rem 1rem rgb(0 0 0 / 0.2);
`

/** After consent is given (when enabled): reopens the settings. */
export function ConsentReopenButton() {
  const snap = useSnapshot(consent)
  if (!isReopenButtonVisible(snap as typeof consent)) return null
  return (
    <button type='button' className={button} onClick={openModal} aria-label='Cookie settings' data-testid='consent-reopen'>
      <span aria-hidden='true'>🍪</span>
    </button>
  )
}
