// An accessible modal dialog: portal to <body>, the rest of the app made inert, focus moved in
// on open, kept inside with Tab / Shift+Tab, and given back to the opener on close. Escape and
// the close button call `onClose`; a click on the backdrop calls `onClickOutside`. Leave either
// out to make the dialog impossible to close that way (a forced consent modal).
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { css } from 'goober'

// A title may carry an e-mail address or a long name: it wraps rather than running under the close
// button and off a phone's screen.
const heading = css`
  margin-top: 0;
  overflow-wrap: anywhere;
  &.closable {
    padding-right: 3rem;
  }
`

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const backdrop = css`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
  background: rgb(20 28 24 / 0.55);
`
const panel = css`
  position: relative;
  width: min(40rem, 100%);
  max-height: calc(100dvh - 2rem);
  overflow: auto;
  background: var(--roots-surface);
  color: var(--roots-text);
  border-radius: 0.75rem;
  padding: 1.5rem;
  box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.3);
  animation: roots-modal-in var(--roots-animation);
  @media (max-width: 30rem) {
    padding: 1rem;
  }
`
const closeButton = css`
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  border: 1px solid var(--roots-border);
  background: var(--roots-surface);
  color: var(--roots-text);
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
`

export interface ModalProps {
  title: string
  children: ReactNode
  onClose?: () => void
  onClickOutside?: () => void
  closeLabel?: string
  /** The element whose subtree is made inert while the dialog is open. */
  appRoot?: () => HTMLElement | null
}

/** The default `appRoot`: one function for every render, so the dialog's set-up runs once. */
const appRootElement = () => document.getElementById('root')

export function Modal({
  title,
  children,
  onClose,
  onClickOutside,
  closeLabel = 'Close',
  appRoot = appRootElement,
}: ModalProps) {
  const ref = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  // In the commit that shows the dialog, before the browser paints it: no frame in which it is on
  // screen while focus (and a key pressed then) is still on the page behind.
  useLayoutEffect(() => {
    opener.current = document.activeElement as HTMLElement | null
    const root = appRoot()
    root?.setAttribute('inert', '')
    const dialog = ref.current!
    const first = dialog.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? dialog).focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onCloseRef.current) {
        e.preventDefault()
        onCloseRef.current()
      } else if (e.key === 'Tab') {
        const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
        if (items.length === 0) return e.preventDefault()
        const i = items.indexOf(document.activeElement as HTMLElement)
        if (e.shiftKey && i <= 0) {
          e.preventDefault()
          items[items.length - 1]!.focus()
        } else if (!e.shiftKey && i === items.length - 1) {
          e.preventDefault()
          items[0]!.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      root?.removeAttribute('inert')
    }
  }, [appRoot])
  // Focus goes back to the opener after the commit that closes the dialog, once the page behind
  // is up to date (a button disabled while the dialog's action ran is enabled again by then).
  useEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus()
    },
    [],
  )

  return createPortal(
    <div
      className={backdrop}
      data-testid='modal-backdrop'
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClickOutside?.()
      }}
    >
      <div ref={ref} className={panel} role='dialog' aria-modal='true' aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className={onClose ? `${heading} closable` : heading}>
          {title}
        </h2>
        {onClose && (
          <button type='button' className={closeButton} onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden='true'>×</span>
          </button>
        )}
        {children}
      </div>
    </div>,
    document.body,
  )
}
