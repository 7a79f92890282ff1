// Runs a waiting-list tool through the waiting-list-tools function (admins only; it writes
// through RPCs as the caller, so the audit log records who ran it). Dry runs change nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { invokeFunction } from '@/lib/admin/invoke-function'

export const toolSchema = z.discriminatedUnion('tool', [
  z.object({
    tool: z.literal('consolidator'),
    dry_run: z.boolean(),
    location: z.string().trim().max(200).transform((v) => v || undefined),
  }),
  z.object({
    tool: z.literal('location-migrator'),
    dry_run: z.boolean(),
    from_location: z.string().trim().min(1, 'Choose the place to move from.').max(200),
    to_site_id: z.coerce.number({ invalid_type_error: 'Choose the site to move to.' }).int()
      .positive('Choose the site to move to.'),
  }),
  z.object({
    tool: z.literal('ac-sync'),
    dry_run: z.boolean(),
    site_id: z.coerce.number({ invalid_type_error: 'Choose a site.' }).int().positive(
      'Choose a site.',
    ),
  }),
])

export type ToolInput = z.input<typeof toolSchema>

export interface ConsolidatorResult {
  dry_run: boolean
  groups: Array<
    { keep_id: number; merged_ids: number[]; location: string; email: string; joined_at: string }
  >
}
export interface MigratorResult {
  dry_run: boolean
  moved: number
  merged: number
  to_location: string
}
export interface AcSyncResult {
  dry_run?: boolean
  list_id: string
  pushed: number
  skipped_without_consent: number
}
export type ToolResult = ConsolidatorResult | MigratorResult | AcSyncResult

export async function runTool(input: ToolInput): Promise<ToolResult> {
  const body = toolSchema.parse(input)
  return await invokeFunction<ToolResult>('waiting-list-tools', body, {
    fallback: 'The tool did not run.',
  })
}

export function useRunTool() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: runTool,
    // A real run changes entries: every waiting-list view refetches.
    onSuccess: (_r, input) => {
      if (!input.dry_run) void qc.invalidateQueries({ queryKey: ['admin-tools'] })
    },
  })
}
