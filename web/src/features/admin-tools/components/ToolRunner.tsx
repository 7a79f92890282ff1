// The shape every tool shares: fill in, dry run, read what would happen, then run it for real
// after a confirmation. A change to the inputs after a dry run asks for a new dry run.
import { css } from 'goober'
import { type FormEvent, type ReactNode, useState } from 'react'
import { ConfirmDialog, ErrorNotice } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { type ToolInput, type ToolResult, toolSchema, useRunTool } from '../api/run-tool'
import { muted } from '@/components/admin/styles'

const runForm = css`
  max-width: 40rem;
`

export interface ToolRunnerProps {
  input: ToolInput
  /** Changes whenever an input changes, so a stale dry run cannot be confirmed. */
  inputKey: string
  fields: ReactNode
  onErrors: (errors: Record<string, string>) => void
  describe: (result: ToolResult) => ReactNode
  confirmText: string
}

export function ToolRunner({ input, inputKey, fields, onErrors, describe, confirmText }: ToolRunnerProps) {
  const run = useRunTool()
  const [dry, setDry] = useState<{ key: string; result: ToolResult } | null>(null)
  const [done, setDone] = useState<ToolResult | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const go = (dryRun: boolean) => {
    const parsed = toolSchema.safeParse({ ...input, dry_run: dryRun })
    if (!parsed.success) {
      const errs: Record<string, string> = {}
      for (const i of parsed.error.issues) errs[i.path.join('.')] ??= i.message
      onErrors(errs)
      toast.error(Object.values(errs)[0]!)
      return
    }
    onErrors({})
    setError(null)
    run.mutate(
      { ...input, dry_run: dryRun },
      {
        onSuccess: (result) => {
          setConfirming(false)
          if (dryRun) {
            setDry({ key: inputKey, result })
            setDone(null)
            toast.info('Dry run finished: nothing was changed')
          } else {
            setDone(result)
            setDry(null)
            toast.success('Done')
          }
        },
        onError: (e) => {
          setConfirming(false)
          setError(e.message)
          toast.error(e.message)
        },
      },
    )
  }
  const fresh = dry && dry.key === inputKey

  return (
    <>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault()
          go(true)
        }}
        noValidate
        className={runForm}
      >
        {fields}
        <div className={actionRow}>
          <button type='submit' className={buttonSecondary} disabled={run.isPending}>
            {run.isPending ? 'Working…' : 'Dry run'}
          </button>
          <button
            type='button'
            className={buttonPrimary}
            disabled={!fresh || run.isPending}
            onClick={() => setConfirming(true)}
          >
            Run for real
          </button>
        </div>
        {!fresh && <p className={muted}>Run a dry run first: it shows what would change and changes nothing.</p>}
      </form>
      {error && <ErrorNotice title='The tool did not run' message={error} />}
      {fresh && (
        <section aria-labelledby='dry-title'>
          <h2 id='dry-title'>Dry run: what would happen</h2>
          {describe(dry.result)}
        </section>
      )}
      {done && (
        <section aria-labelledby='done-title'>
          <h2 id='done-title'>Done</h2>
          {describe(done)}
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          title='Run this for real?'
          confirmLabel='Run it'
          busy={run.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => go(false)}
        >
          <p>{confirmText}</p>
        </ConfirmDialog>
      )}
    </>
  )
}
