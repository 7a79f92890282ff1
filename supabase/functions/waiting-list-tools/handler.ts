// /functions/v1/waiting-list-tools: the tools behind /admin/waiting-list/tools (admins only:
// roots_official, roots_team, founder; they work across sites, so patch managers get 403).
//
//   POST { tool: 'consolidator', dry_run?: true, location? }
//     Duplicate applicants: live entries of one place belonging to one person (same e-mail, or
//     the same name and phone digits), across categories. A dry run (the default) lists them;
//     dry_run: false merges each group into its earliest-joined entry (missing details filled
//     from the others, which are marked removed and lose any open offer).
//     → { dry_run, groups: [{ keep_id, merged_ids, location, email, joined_at }] }
//   POST { tool: 'location-migrator', from_location, to_site_id, dry_run?: true }
//     Moves the live entries of a place (e.g. a waiting-list-only place that now has a site) to
//     a site, keeping join dates and so queue order; a person already on the site's list keeps
//     one entry with the earlier join date. → { dry_run, moved, merged, to_location }
//   POST { tool: 'ac-sync', site_id, dry_run?: false }
//     Pushes the site's live applicants who consented to marketing to the e-mail-marketing list
//     named by the site's ac_id (campaign provider: ActiveCampaign, or the local recorder).
//     → { list_id, pushed, skipped_without_consent }; a site without ac_id → 409; provider down → 502;
//     the campaign list not configured → 503 not_configured, nothing pushed (a dry run still works).
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { HttpError, notFound, upstream } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { campaignProvider } from '../_shared/providers/campaigns.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { requireStaff, userClient } from '../_shared/supabase.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'

/** Rows a request reads: the API's max_rows (supabase/config.toml). */
const PAGE = 1000

export const bodySchema = z.discriminatedUnion('tool', [
  z.object({
    tool: z.literal('consolidator'),
    dry_run: z.boolean().default(true),
    location: z.string().trim().min(1).max(200).optional(),
  }).strict(),
  z.object({
    tool: z.literal('location-migrator'),
    from_location: z.string().trim().min(1).max(200),
    to_site_id: z.number().int().positive(),
    dry_run: z.boolean().default(true),
  }).strict(),
  z.object({
    tool: z.literal('ac-sync'),
    site_id: z.number().int().positive(),
    dry_run: z.boolean().default(false),
  }).strict(),
])

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  await requireStaff(req, ADMIN_ROLES)
  const b = await readJson(req, bodySchema)
  const db = userClient(req)
  switch (b.tool) {
    case 'consolidator': {
      const groups = must(
        await db.rpc('consolidate_applicants', {
          p_dry_run: b.dry_run,
          p_location: b.location ?? null,
        }),
      )
      return json({ dry_run: b.dry_run, groups })
    }
    case 'location-migrator': {
      const [r] = must(
        await db.rpc('migrate_location', {
          p_from_location: b.from_location,
          p_to_site_id: b.to_site_id,
          p_dry_run: b.dry_run,
        }),
      )
      return json({ dry_run: b.dry_run, ...r })
    }
    case 'ac-sync': {
      const site = must(
        await db.from('global_sites').select('id, location, ac_id').eq('id', b.site_id)
          .maybeSingle(),
      )
      if (!site) throw notFound('Unknown site.')
      if (!site.ac_id) {
        throw new HttpError(
          409,
          'no_campaign_list',
          'This site has no campaign list (ac_id): set one on the site first.',
        )
      }
      // The API answers at most max_rows (1,000) rows a request: the whole list, a page at a time.
      const entries = []
      for (let from = 0;; from += PAGE) {
        const page = must(
          await db.from('waiting_list_entries').select(
            'id, email, first_name, last_name, phone, consent_marketing',
          )
            .eq('site_id', site.id).in('status', ['waiting', 'offered']).order('joined_at')
            .order('id').range(from, from + PAGE - 1),
        )
        entries.push(...page)
        if (page.length < PAGE) break
      }
      const consenting = entries.filter((e) => e.consent_marketing)
      if (b.dry_run) {
        return json({
          dry_run: true,
          list_id: site.ac_id,
          would_push: consenting.length,
          skipped_without_consent: entries.length - consenting.length,
        })
      }
      const provider = campaignProvider()
      let pushed = 0
      for (const e of consenting) {
        try {
          await provider.subscribe(site.ac_id, {
            email: e.email,
            first_name: e.first_name,
            last_name: e.last_name,
            phone: e.phone,
          })
          pushed++
        } catch (err) {
          if (err instanceof ProviderError) {
            throw upstream(
              `The campaign list stopped accepting contacts after ${pushed} of ${consenting.length}. Running the sync again is safe: contacts are updated, not duplicated.`,
              { pushed, provider_status: err.status },
            )
          }
          throw err
        }
      }
      return json({
        dry_run: false,
        list_id: site.ac_id,
        pushed,
        skipped_without_consent: entries.length - consenting.length,
      })
    }
  }
})
