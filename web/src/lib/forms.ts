// Form helpers: zod issues as one message per field, and a submit guard so a double click
// sends one request.
import type { output, ZodError, ZodTypeAny } from 'zod'

export type FieldErrors = Record<string, string>

export function fieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_form'
    out[key] ??= issue.message
  }
  return out
}

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

export function check<S extends ZodTypeAny>(schema: S, values: unknown): Checked<output<S>> {
  const result = schema.safeParse(values)
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error) }
}

/** Reads a form's named fields as strings (checkboxes as booleans). */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (const el of Array.from(form.elements)) {
    if (
      !(el instanceof HTMLInputElement || el instanceof HTMLSelectElement ||
        el instanceof HTMLTextAreaElement)
    ) continue
    if (!el.name) continue
    if (el instanceof HTMLInputElement && el.type === 'checkbox') out[el.name] = el.checked
    else if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked) out[el.name] = el.value
    } else out[el.name] = el.value
  }
  return out
}

/** Server error details ([{ path, message }]) as field errors. */
export function detailErrors(details: unknown): FieldErrors {
  const out: FieldErrors = {}
  if (Array.isArray(details)) {
    for (const d of details) {
      if (d && typeof d === 'object' && typeof (d as { message?: unknown }).message === 'string') {
        const path = String((d as { path?: unknown }).path ?? '_form') || '_form'
        out[path] ??= (d as { message: string }).message
      }
    }
  }
  return out
}

/** Moves focus to the first field with an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return
  for (const el of Array.from(form.elements)) {
    if ((el as HTMLInputElement).name && errors[(el as HTMLInputElement).name]) {
      ;(el as HTMLElement).focus()
      return
    }
  }
}
