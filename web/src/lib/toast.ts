// App-wide toasts: success, error, warning, info; 3000 ms by default; closable.
// The <Toaster> in app/ places them top right and adds the close button; the app mounts it
// when the first toast is asked for (lib/toaster-signal), so this module stays out of the
// first load of pages that never toast.
import hotToast, { type ToastOptions } from 'react-hot-toast'
import { TOAST_DURATION_MS } from '@/config/theme'
import { wantToaster } from './toaster-signal'

export type ToastKind = 'success' | 'error' | 'warning' | 'info'

export const TOAST_ICONS: Record<ToastKind, string> = {
  success: '✓',
  error: '!',
  warning: '⚠',
  info: 'i',
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}) {
  wantToaster()
  const opts: ToastOptions = {
    duration: TOAST_DURATION_MS,
    ...options,
    className: `roots-toast roots-toast-${kind}`,
  }
  // Errors and warnings interrupt a screen reader; success and info wait their turn.
  const aria = kind === 'error' || kind === 'warning'
    ? { role: 'alert' as const, 'aria-live': 'assertive' as const }
    : { role: 'status' as const, 'aria-live': 'polite' as const }
  if (kind === 'success') return hotToast.success(message, { ...opts, ariaProps: aria })
  if (kind === 'error') return hotToast.error(message, { ...opts, ariaProps: aria })
  return hotToast(message, { ...opts, icon: TOAST_ICONS[kind], ariaProps: aria })
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss: (id?: string) => hotToast.dismiss(id),
}
