// The tag-manager id: checked as typed on submit, and again by the database.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Field, useFormSave } from '@/components/admin/ui'
import { buttonPrimary } from '@/components/styles'
import { gtmIdSchema, type GtmIdFormValues } from '../api/gtm-id'
import { spaced } from '@/components/admin/styles'

const gtmForm = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  align-items: end;
  max-width: 40rem;
  .grow {
    flex: 1 1 16rem;
  }
`

export function GtmIdForm({
  initial,
  onSave,
}: {
  initial: string
  onSave: (v: GtmIdFormValues) => Promise<string | null>
}) {
  const [value, setValue] = useState(initial)
  const { errors, formError, saving, submit: save } = useFormSave<GtmIdFormValues>(gtmIdSchema, 'tag-manager id')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!saving) void save({ gtm_id: value }, onSave)
  }
  return (
    <form onSubmit={submit} noValidate className={gtmForm}>
      <div className='grow'>
        <Field
          label='Tag-manager id'
          error={errors.gtm_id ?? formError ?? undefined}
          hint='GTM- followed by capital letters or digits, e.g. GTM-AB12CD3.'
        >
          <input value={value} onChange={(e) => setValue(e.target.value)} autoComplete='off' spellCheck={false} />
        </Field>
      </div>
      <button type='submit' className={`${buttonPrimary} ${spaced}`} disabled={saving}>
        {saving ? 'Saving…' : 'Save tag-manager id'}
      </button>
    </form>
  )
}
