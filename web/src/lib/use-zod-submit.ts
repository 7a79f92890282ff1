// One submit path for every public form: check the values with zod (errors beside each field,
// a toast, focus on the first bad field), then send them once however often submit is pressed;
// a refusal from the server lands beside its fields too. Controls stay uncontrolled, so nothing
// typed is lost when a submit fails. A submit that succeeds dismisses the form's error toasts.
import { type FormEvent, useRef, useState } from 'react'
import type { output, ZodTypeAny } from 'zod'
import { FunctionError } from '@/lib/call-function'
import { check, detailErrors, type FieldErrors, focusFirstError, formValues } from '@/lib/forms'
import { formErrorToasts } from '@/lib/form-error-toasts'

export const INVALID_MESSAGE = 'Some details need attention: see the highlighted fields.'
const FALLBACK = 'Something went wrong. Please try again.'

export interface ZodSubmitOptions<S extends ZodTypeAny> {
  /** What to check; the form's named fields by default. */
  read?: (form: HTMLFormElement) => unknown
  send: (data: output<S>) => Promise<void>
  /** Renames server field paths to the form's field names (e.g. value_pence → value_pounds). */
  renameFields?: Record<string, string>
}

/** Field errors for anything a send can throw: the function's details, else one form message. */
export function errorsFrom(err: unknown, rename: Record<string, string> = {}): FieldErrors {
  const fields = err instanceof FunctionError ? detailErrors(err.details) : {}
  for (const [from, to] of Object.entries(rename)) if (fields[from]) fields[to] = fields[from]
  if (Object.keys(fields).length) return fields
  return { _form: err instanceof Error && err.message ? err.message : FALLBACK }
}

export function useZodSubmit<S extends ZodTypeAny>(schema: S, opts: ZodSubmitOptions<S>) {
  const ref = useRef<HTMLFormElement>(null)
  const busy = useRef(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const [toasts] = useState(formErrorToasts)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy.current) return
    const checked = check(schema, (opts.read ?? formValues)(e.currentTarget))
    if (!checked.ok) {
      setErrors(checked.errors)
      toasts.error(checked.errors._form ?? checked.errors.items ?? INVALID_MESSAGE)
      focusFirstError(ref.current, checked.errors)
      return
    }
    setErrors({})
    busy.current = true
    setPending(true)
    try {
      await opts.send(checked.data)
      toasts.clear()
    } catch (err) {
      const fields = errorsFrom(err, opts.renameFields)
      setErrors(fields)
      toasts.error(err instanceof Error && err.message ? err.message : FALLBACK)
      focusFirstError(ref.current, fields)
    } finally {
      busy.current = false
      setPending(false)
    }
  }

  return { ref, errors, setErrors, onSubmit, pending }
}

/** An idempotency key per filled-in form: kept across retries of a failed network call, renewed
 * after a definite refusal (4xx) so the corrected form is a new request. */
export function useIdempotencyKey(prefix: string) {
  const make = () => `${prefix}-${crypto.randomUUID()}`
  const key = useRef(make())
  return {
    get: () => key.current,
    /** Runs one attempt with the current key, renewing it after a definite refusal. */
    async withKey<T>(attempt: (key: string) => Promise<T>): Promise<T> {
      try {
        return await attempt(key.current)
      } catch (err) {
        if (err instanceof FunctionError && err.status >= 400 && err.status < 500) {
          key.current = make()
        }
        throw err
      }
    },
  }
}
