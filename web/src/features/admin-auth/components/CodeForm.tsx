// A 6-digit code field with its error beside it; the code typed stays on failure.
import { type FormEvent, useState } from 'react'
import { Field } from '@/components/admin/ui'
import { buttonPrimary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { codeSchema } from '../api/verify-factor'

export interface CodeFormProps {
  label: string
  submitLabel: string
  busy: boolean
  hint?: string
  onSubmit: (code: string) => Promise<unknown>
}

export function CodeForm({ label, submitLabel, busy, hint, onSubmit }: CodeFormProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = codeSchema.safeParse({ code })
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message
      setError(message)
      toast.error(message)
      return
    }
    setError(undefined)
    try {
      await onSubmit(parsed.data.code)
    } catch (err) {
      const message = err instanceof Error ? err.message : 'That code did not work.'
      setError(message)
      toast.error(message)
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field label={label} error={error} {...(hint ? { hint } : {})}>
        <input
          name='code'
          inputMode='numeric'
          autoComplete='one-time-code'
          maxLength={9}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <button type='submit' className={buttonPrimary} disabled={busy}>
        {busy ? 'Checking…' : submitLabel}
      </button>
    </form>
  )
}
