// Staff edit of one entry (the columns staff may update). Returns the saved row; a row RLS
// hides comes back as nothing, which is a refusal.
import { z } from 'zod'
import { saveRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { ENTRY_STATUSES } from '@common/waiting-list'
import { entriesQueryKey, type Entry, ENTRY_COLUMNS } from './get-entries'
import { PHONE_PATTERN } from '@common/phone'

const blankToNull = (schema: z.ZodTypeAny) =>
  z.string().trim().transform((v) => (v === '' ? null : v)).pipe(schema.nullable())

export const entrySchema = z.object({
  first_name: z.string().trim().min(1, 'Enter the first name.').max(100, 'At most 100 characters.'),
  last_name: z.string().trim().min(1, 'Enter the last name.').max(100, 'At most 100 characters.'),
  email: z.string().trim().min(1, 'Enter the email address.').email(
    'Enter an email address, like name@example.com.',
  ).max(254),
  phone: blankToNull(z.string().regex(PHONE_PATTERN, 'Enter a phone number, like 07700 900123.')),
  postcode: blankToNull(
    z.string().regex(
      /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i,
      'Enter a UK postcode, like BA1 1AA.',
    ).transform((p) => p.toUpperCase()),
  ),
  plot_size_preference: z.enum(['', 'half', 'full', 'any']).transform((v) => (v === '' ? null : v)),
  notes: blankToNull(z.string().max(2000, 'At most 2000 characters.')),
  status: z.enum(ENTRY_STATUSES, { errorMap: () => ({ message: 'Choose a status.' }) }),
  category_id: z.string().transform((v) => (v === '' ? null : Number(v))),
  consent_marketing: z.boolean(),
})

export type EntryFormValues = z.input<typeof entrySchema>

export const entryToForm = (e: Entry): EntryFormValues => ({
  first_name: e.first_name,
  last_name: e.last_name,
  email: e.email,
  phone: e.phone ?? '',
  postcode: e.postcode ?? '',
  plot_size_preference: (e.plot_size_preference ?? '') as EntryFormValues['plot_size_preference'],
  notes: e.notes ?? '',
  status: e.status as EntryFormValues['status'],
  category_id: e.category_id === null ? '' : String(e.category_id),
  consent_marketing: e.consent_marketing,
})

export const updateEntry = async (id: number, values: EntryFormValues) =>
  await saveRow('waiting_list_entries', id, entrySchema.parse(values), {
    columns: ENTRY_COLUMNS,
    failed: 'The entry was not saved.',
  })

export const useUpdateEntry = () =>
  useInvalidatingMutation(
    ({ id, values }: { id: number; values: EntryFormValues }) => updateEntry(id, values),
    [entriesQueryKey],
  )
