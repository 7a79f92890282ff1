// Toasts slide in from the top right, stay 3000 ms, and carry a close button. One at a time: a
// new toast replaces the one showing. Stacked, the second sat over the page header's own buttons
// (Export CSV, Add …) and, paused while the pointer rests on it, stayed there, so the button it
// covered could not be pressed (Material's snackbars are one at a time for the same reason).
import { css, keyframes } from 'goober'
import { useEffect } from 'react'
import { Toaster as HotToaster, ToastBar, toast as hotToast, useToasterStore } from 'react-hot-toast'
import { ANIMATION_DURATION_MS, ANIMATION_EASING, TOAST_DURATION_MS } from '@/config/theme'

const closeButton = css`
  border: 0;
  background: none;
  cursor: pointer;
  font-size: 1.25rem;
  min-width: 2rem;
  min-height: 2rem;
  color: #1c2420;
`

const slideIn = keyframes`from { transform: translateX(110%); opacity: 0; } to { transform: translateX(0); opacity: 1; }`
const slideOut = keyframes`from { transform: translateX(0); opacity: 1; } to { transform: translateX(110%); opacity: 0; }`

export function Toaster() {
  const { toasts } = useToasterStore()
  useEffect(() => {
    // Newest first: every visible toast after the first leaves (its exit animation still plays).
    toasts
      .filter((t) => t.visible)
      .slice(1)
      .forEach((t) => hotToast.dismiss(t.id))
  }, [toasts])
  return (
    <HotToaster
      position='top-right'
      toastOptions={{ duration: TOAST_DURATION_MS }}
      containerStyle={{ top: 16, right: 16 }}
    >
      {(t) => (
        <ToastBar
          toast={t}
          // ToastBar takes only a style, and the animation follows the toast's visibility.
          style={{
            animation: `${t.visible ? slideIn : slideOut} ${ANIMATION_DURATION_MS}ms ${ANIMATION_EASING} forwards`,
            maxWidth: 'min(24rem, calc(100vw - 2rem))',
            // A long e-mail address in a message wraps instead of running off a phone's screen.
            overflowWrap: 'anywhere',
            color: '#1c2420',
          }}
        >
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              <button
                type='button'
                onClick={() => hotToast.dismiss(t.id)}
                aria-label='Close notification'
                className={closeButton}
              >
                <span aria-hidden='true'>×</span>
              </button>
            </>
          )}
        </ToastBar>
      )}
    </HotToaster>
  )
}
