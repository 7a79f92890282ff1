// Enrol a TOTP (QR code shown as an image) or phone factor. A half-finished
// enrolment of the same kind is removed first, so starting again never collides.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { factorsQueryKey } from './list-factors'

export const enrolFactorSchema = z.discriminatedUnion('factorType', [
  z.object({
    factorType: z.literal('totp'),
    friendlyName: z.string().trim().min(1, 'Give this authenticator a name, like "Work phone".')
      .max(60, 'Use at most 60 characters.'),
  }),
  z.object({
    factorType: z.literal('phone'),
    friendlyName: z.string().trim().min(1, 'Give this phone a name.').max(
      60,
      'Use at most 60 characters.',
    ),
    phone: z.string().trim().regex(
      /^\+[1-9][0-9 ]{6,18}$/,
      'Enter the number in international form, like +44 7700 900123.',
    )
      .transform((p) => p.replace(/\s/g, '')),
  }),
])

export type EnrolFactorInput = z.input<typeof enrolFactorSchema>

export interface Enrolment {
  factorId: string
  factorType: 'totp' | 'phone'
  qrCode?: string
  secret?: string
  uri?: string
  phone?: string
}

export async function enrolFactor(input: EnrolFactorInput): Promise<Enrolment> {
  const v = enrolFactorSchema.parse(input)
  const mfa = supabase().auth.mfa
  const existing = await mfa.listFactors()
  if (existing.error) throw new DbError(existing.error)
  for (const f of existing.data.all) {
    if (f.status !== 'verified' && f.factor_type === v.factorType) {
      await mfa.unenroll({ factorId: f.id })
    }
  }
  if (v.factorType === 'totp') {
    const { data, error } = await mfa.enroll({
      factorType: 'totp',
      friendlyName: v.friendlyName,
      issuer: 'Roots Allotments',
    })
    if (error) throw new DbError(error)
    return {
      factorId: data.id,
      factorType: 'totp',
      qrCode: data.totp.qr_code,
      secret: data.totp.secret,
      uri: data.totp.uri,
    }
  }
  const { data, error } = await mfa.enroll({
    factorType: 'phone',
    friendlyName: v.friendlyName,
    phone: v.phone,
  })
  if (error) throw new DbError(error)
  return { factorId: data.id, factorType: 'phone', phone: v.phone }
}

export function useEnrolFactor() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: enrolFactor,
    onSettled: () => qc.invalidateQueries({ queryKey: factorsQueryKey }),
  })
}
