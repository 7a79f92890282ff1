// Gift voucher codes and quotes, shared by the shop checkout and membership set-up: the payments
// function works out what a voucher takes off (nothing is spent until the order is placed; the
// order checks the balance again, under a lock).
import { z } from 'zod'

/** A code as printed (ABCD-1234-EF56): any case, dashes and spaces optional; blank means none. */
export const voucherCodeField = z.string().transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => v === '' || /^[A-Z0-9]{12}$/.test(v), 'Enter the voucher code as printed, like ABCD-1234-EF56.')
  .transform((v) => (v === '' ? undefined : `${v.slice(0, 4)}-${v.slice(4, 8)}-${v.slice(8)}`))

export interface VoucherQuote { code: string; balance_pence: number; discount_pence: number; subtotal_pence: number; total_pence: number; expires_at: string | null }
