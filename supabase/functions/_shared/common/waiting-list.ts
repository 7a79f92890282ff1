// The statuses of a waiting-list entry, owned by the database: the check constraint on
// public.waiting_list_entries.status (migration 20250101000200_waiting_list.sql). Shared by the
// functions (the communications function's recipients) and the web app (alias @common: the admin
// list's filter and form, the applicant's own entry); common.test.ts fails when this list and the
// constraint disagree.

/** Every status an entry can have, in the order a list shows them: the waiting first. */
export const ENTRY_STATUSES = [
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'removed',
] as const
export type EntryStatus = (typeof ENTRY_STATUSES)[number]
