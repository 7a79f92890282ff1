// One form's error toasts. A new failure replaces the form's earlier ones, and clear() dismisses
// them once a submit succeeds, so an old "not saved" does not sit beside the saved form. Built on
// the app's toast object (not react-hot-toast directly), so a test that mocks '@/lib/toast' sees
// these calls on its mock.
import type { ToastOptions } from 'react-hot-toast'
import { toast } from './toast'

export function formErrorToasts() {
  let ids: string[] = []
  const clear = () => {
    for (const id of ids) toast.dismiss(id)
    ids = []
  }
  return {
    error(message: string, options?: ToastOptions) {
      clear()
      const id = options ? toast.error(message, options) : toast.error(message)
      ids = typeof id === 'string' ? [id] : []
    },
    clear,
  }
}
