// Dates as people in the UK read them, in Europe/London whatever the device's zone: the web app's
// name for the one module both tiers write dates with (supabase/functions/_shared/common/dates.ts,
// which the functions' e-mails and receipts import by path). Pages import these from here; no
// other file formats a date itself (src/app/conventions.test.ts).
export * from '@common/dates'
