// The listed applications as CSV, in the order shown (newest first).
import { toCsv } from '@/lib/admin/csv'
import { type Application, STATUS_LABEL } from './get-applications'

export const APPLICATIONS_CSV_HEADER = [
  'Applied',
  'Name',
  'Email',
  'Role',
  'Status',
  'CV link',
  'Message',
]

export const applicationsCsv = (rows: readonly Application[]) =>
  toCsv([
    APPLICATIONS_CSV_HEADER,
    ...rows.map((
      a,
    ) => [
      a.created_at,
      a.name,
      a.email,
      a.career?.title ?? '',
      STATUS_LABEL[a.status],
      a.cv_url,
      a.message,
    ]),
  ])
