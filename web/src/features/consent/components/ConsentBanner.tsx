import { css } from 'goober'
import { useSnapshot } from 'valtio'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { acceptAll, acceptNecessary, consent, declineAll, isBannerVisible, openModal } from '../stores/consent-store'

// It sits above the promo bar (which publishes its height): overlapping, the bar's close button
// was half hidden under the banner and too small a target (Lighthouse's target-size audit).
const banner = css`
  position: fixed;
  left: 1rem;
  right: 1rem;
  bottom: calc(1rem + var(--roots-promo-height, 0px));
  z-index: 900;
  max-width: 60rem;
  margin: 0 auto;
  background: var(--roots-surface);
  color: var(--roots-text);
  border: 1px solid var(--roots-border);
  border-radius: 0.75rem;
  padding: 1rem 1.25rem;
  box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.2);
  animation: roots-slide-up var(--roots-animation);
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.1rem;
  }
  p {
    margin: 0 0 0.75rem;
  }
  @media (max-width: 30rem) {
    left: 0.5rem;
    right: 0.5rem;
    bottom: calc(0.5rem + var(--roots-promo-height, 0px));
    padding: 0.75rem;
    font-size: 0.95rem;
    line-height: 1.4;
  }
`
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  @media (max-width: 30rem) {
    button {
      flex: 1 1 calc(50% - 0.25rem);
      padding-inline: 0.5rem;
    }
  }
`

/** Shown only while consent is undecided and the modal is not forced. */
export function ConsentBanner() {
  const snap = useSnapshot(consent)
  if (!isBannerVisible(snap as typeof consent)) return null
  return (
    <section className={banner} aria-labelledby='consent-banner-title' data-testid='consent-banner'>
      <h2 id='consent-banner-title'>Cookies on Roots Allotments</h2>
      <p>
        We use necessary cookies to make the site work. With your permission we would also use analytics cookies and
        load our chat and offers pop-up.
      </p>
      <div className={actions}>
        <button type='button' className={buttonPrimary} onClick={acceptAll}>
          Accept all
        </button>
        <button type='button' className={buttonSecondary} onClick={acceptNecessary}>
          Necessary only
        </button>
        <button type='button' className={buttonSecondary} onClick={declineAll}>
          Decline all
        </button>
        <button type='button' className={buttonSecondary} onClick={openModal}>
          Manage settings
        </button>
      </div>
    </section>
  )
}
