// What the operations list screens share (promo bars, expenses, events, tasks, courses): a page
// of a filtered list, the add/edit panel above the list, and the delete confirmation.
import { type ReactNode, useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { ConfirmDialog } from './ui'

/** One page of `items`; back to the first page whenever `resetKey` changes (new filters). */
export function usePaged<T>(items: readonly T[], pageSize: number, resetKey: unknown) {
  const [page, setPage] = useState(0)
  const key = JSON.stringify(resetKey)
  useEffect(() => setPage(0), [key])
  const pages = Math.max(1, Math.ceil(items.length / pageSize))
  return { page, setPage, pages, shown: items.slice(page * pageSize, (page + 1) * pageSize) }
}

/**
 * The add/edit panel: which row is open ('new' for a new one), and the save that the form calls,
 * which closes the panel with a toast, or hands the failure back to the form to show.
 */
export function useEditPanel<T extends { id: number }, V>(
  save: (a: { id: number | null; values: V }) => Promise<unknown>,
  what: string,
) {
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const onSave = async (values: V): Promise<string | null> => {
    try {
      await save({ id: editing === 'new' || editing === null ? null : editing.id, values })
      toast.success(`${what} ${editing === 'new' ? 'added' : 'saved'}`)
      setEditing(null)
      return null
    } catch (e) {
      return (e as Error).message
    }
  }
  return { editing, setEditing, onSave, key: editing === 'new' || editing === null ? 'new' : editing.id }
}

export interface DeleteConfirmProps {
  title: string
  confirmLabel?: string
  /** The delete mutation (TanStack Query's mutate and isPending). */
  remove: {
    mutate: (id: number, o: { onSuccess: () => void; onError: (e: Error) => void }) => void
    isPending: boolean
  }
  id: number
  done: string
  onClose: (deleted: boolean) => void
  children: ReactNode
}

/** Asks before deleting; a toast says what happened either way. */
export function DeleteConfirm({
  title,
  confirmLabel = 'Delete',
  remove,
  id,
  done,
  onClose,
  children,
}: DeleteConfirmProps) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      onCancel={() => onClose(false)}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            toast.success(done)
            onClose(true)
          },
          onError: (e) => {
            toast.error(e.message)
            onClose(false)
          },
        })
      }
    >
      {children}
    </ConfirmDialog>
  )
}
