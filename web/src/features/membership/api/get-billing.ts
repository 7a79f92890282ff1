// Rent by subscription on /members (docs/billing.md): the subscription of each of the member's
// memberships (status, next payment, payment method) and its invoices, newest first. The database
// keeps them as the payment provider's webhook says; RLS shows a member the rows of their own
// memberships (admins see every row, so the page asks for its own memberships' rows only).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { Json, Row } from '@/lib/db-types'

/** A `payment_method` jsonb (docs/billing.md). */
export interface PaymentMethod {
  type: 'card' | 'bacs_debit'
  brand?: string
  last4: string
  sort_code?: string
}

export interface InvoiceLine {
  description: string
  amount_pence: number
}

export type Subscription =
  & Pick<
    Row<'subscriptions'>,
    | 'id'
    | 'membership_id'
    | 'status'
    | 'next_payment_at'
    | 'next_payment_pence'
    | 'pause_resumes_at'
    | 'mandate_reference'
    | 'past_due_since'
  >
  & { payment_method: PaymentMethod | null }

export type Invoice =
  & Omit<Row<'invoices'>, 'lines' | 'payment_method' | 'provider_ref' | 'payment_ref'>
  & { lines: InvoiceLine[]; payment_method: PaymentMethod | null }

export interface Billing {
  subscriptions: Subscription[]
  invoices: Invoice[]
}

const isObject = (v: Json | undefined): v is { [key: string]: Json | undefined } =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The jsonb as a payment method, or null when it is not one. */
export function paymentMethodOf(v: Json | null): PaymentMethod | null {
  if (
    !isObject(v) || (v.type !== 'card' && v.type !== 'bacs_debit') || typeof v.last4 !== 'string'
  ) {
    return null
  }
  return {
    type: v.type,
    last4: v.last4,
    ...(typeof v.brand === 'string' ? { brand: v.brand } : {}),
    ...(typeof v.sort_code === 'string' ? { sort_code: v.sort_code } : {}),
  }
}

/** The jsonb as invoice lines (those that are lines). */
export const linesOf = (v: Json): InvoiceLine[] =>
  Array.isArray(v)
    ? v.flatMap((l) =>
      isObject(l) && typeof l.description === 'string' && typeof l.amount_pence === 'number'
        ? [{ description: l.description, amount_pence: l.amount_pence }]
        : []
    )
    : []

/** An invoice row with its jsonb read. */
export const invoiceOf = <R extends { lines: Json; payment_method: Json | null }>(r: R) => ({
  ...r,
  lines: linesOf(r.lines),
  payment_method: paymentMethodOf(r.payment_method),
})

export async function getBilling(membershipIds: readonly number[]): Promise<Billing> {
  if (membershipIds.length === 0) return { subscriptions: [], invoices: [] }
  const db = supabase()
  const [subscriptions, invoices] = await Promise.all([
    db.from('subscriptions').select(
      'id, membership_id, status, next_payment_at, next_payment_pence, pause_resumes_at, payment_method, mandate_reference, past_due_since',
    ).in('membership_id', membershipIds),
    db.from('invoices').select(
      'id, subscription_id, membership_id, number, billing_reason, status, amount_due_pence, amount_paid_pence, amount_refunded_pence, lines, period_start, period_end, attempt_count, next_attempt_at, payment_method, issued_at, paid_at, failed_at, failure_message, created_at, updated_at',
    ).in('membership_id', membershipIds).neq('status', 'draft')
      .order('issued_at', { ascending: false }).order('id', { ascending: false }).limit(100),
  ])
  if (subscriptions.error) throw new Error(subscriptions.error.message)
  if (invoices.error) throw new Error(invoices.error.message)
  return {
    subscriptions: subscriptions.data.map((s) => ({
      ...s,
      payment_method: paymentMethodOf(s.payment_method),
    })),
    invoices: invoices.data.map(invoiceOf),
  }
}

export const billingQueryKey = ['billing'] as const

/** The memberships billing is read for, with their statuses: a membership that changes (its first
 *  Direct Debit paid while the page polls the account) reads its billing again. */
export type BilledKey = readonly { id: number; status: string }[]

export const billingQueryOptions = (userId: string | null, memberships: BilledKey) =>
  queryOptions({
    queryKey: [...billingQueryKey, userId, memberships.map((m) => `${m.id}:${m.status}`)],
    queryFn: () => getBilling(memberships.map((m) => m.id)),
    enabled: !!userId && memberships.length > 0,
  })

export const useBilling = (userId: string | null, memberships: BilledKey) =>
  useQuery(billingQueryOptions(userId, memberships))
