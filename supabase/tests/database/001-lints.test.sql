-- Security lints as tests, after Supabase's database advisor: RLS everywhere, fixed
-- search_path on security-definer functions, nothing executable by anon unless meant to be,
-- no authorisation from user_metadata, no RLS-bypassing views, no always-true write policy,
-- helpers wrapped in sub-selects and every policy column indexed; and the advisor's own rules
-- (supabase/splinter's lint query, as the dashboard runs it) that this schema keeps clean: one
-- permissive policy per role and action, every foreign key indexed, no extension in public, no
-- public bucket that anyone may list.
begin;
select plan(24);

-- ============================================================================
-- tables and views
-- ============================================================================
select ok(tests.rls_enabled('public'), 'RLS is enabled on every table in public');

select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity$$,
  'no table in public without RLS'
);

select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('v', 'm')
      and not coalesce(c.reloptions @> array['security_invoker=true'], false)$$,
  'no view in public bypasses RLS (every view is security_invoker)'
);

select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'private' and c.relkind in ('r', 'p')
      and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select'))$$,
  'no table in private is readable by anon or authenticated'
);

-- ============================================================================
-- functions
-- ============================================================================
select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prosecdef
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')$$,
  'every security-definer function has a fixed search_path'
);

select is(
  (select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')),
  array['billing_terms', 'cancel_welcome_slot_booking', 'co_worker_invitation', 'confirm_site_vote', 'export_my_data', 'get_monthly_updates', 'get_site_list_figures', 'get_site_list_stats', 'get_site_vote_tallies', 'get_waiting_list_counts',
    'get_waiting_list_history', 'get_waiting_list_position', 'inspection_terms', 'request_data_erasure', 'respond_to_plot_offer', 'set_monthly_updates', 'site_plan', 'update_waiting_list_entry', 'withdraw_waiting_list_entry'],
  'anon may execute only the functions meant for applicants and the sites'' public figures'
);

select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and has_function_privilege('anon', p.oid, 'execute')
      and p.proname not in ('staff_role', 'is_staff', 'is_admin', 'managed_site_ids', 'manages_site', 'can_work_site',
        'valid_directions', 'valid_distance_points', 'valid_social_media', 'valid_offer_settings', 'valid_phone')$$,
  'anon may execute no private function beyond the policy helpers and shape checks'
);

select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prosrc ilike '%user_metadata%'$$,
  'no function reads user_metadata'
);

-- ============================================================================
-- policies
-- ============================================================================
select is_empty(
  $$select tablename || ': ' || policyname from pg_policies
    where schemaname = 'public' and (qual ilike '%user_metadata%' or with_check ilike '%user_metadata%')$$,
  'no policy reads user_metadata'
);

select is_empty(
  $$select tablename || ': ' || policyname from pg_policies
    where schemaname = 'public' and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
      and (coalesce(qual, '') = 'true' or coalesce(with_check, '') = 'true')$$,
  'no write policy is always true'
);

select is_empty(
  $$select tablename || ': ' || policyname from pg_policies
    where schemaname = 'public' and (cmd = 'ALL' or roles = '{public}')$$,
  'one policy per operation, each for named roles (no "for all", no "to public")'
);

select is_empty(
  $$select tablename || ': ' || policyname from pg_policies p
    cross join lateral (values (coalesce(p.qual, '')), (coalesce(p.with_check, ''))) as e (expr)
    where p.schemaname = 'public'
      and (regexp_count(e.expr, 'private\.') <> regexp_count(e.expr, 'SELECT private\.')
        or regexp_count(e.expr, 'auth\.uid\(\)') <> regexp_count(e.expr, 'SELECT auth\.uid\(\)'))$$,
  'policies call helpers through a sub-select, so they run once per statement'
);

select is_empty(
  $$select p.tablename || '.' || a.attname from pg_policies p
    join pg_class c on c.relname = p.tablename
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where p.schemaname = 'public' and p.qual is not null and p.qual <> 'true'
      and p.qual ~ ('(^|[^a-z_.])(' || p.tablename || '\.)?' || a.attname || '([^a-z_]|$)')
      and not exists (select 1 from pg_index i where i.indrelid = c.oid and a.attnum = any (i.indkey))
    group by 1$$,
  'every column a policy filters on is indexed'
);

select is_empty(
  $$select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')$$,
  'every table in public has a primary key'
);

select is_empty(
  $$select k.conrelid::regclass || '.' || a.attname from pg_constraint k
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace
      and not exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indkey[0] = k.conkey[1]
        and (i.indpred is null or pg_get_expr(i.indpred, i.indrelid) = format('(%s IS NOT NULL)', quote_ident(a.attname))))$$,
  'every foreign key in public is indexed (an index leading with its column, whole or leaving out only nulls)'
);

select policies_are('public', 'waiting_list_entries', array[
  'Applicants and their sites'' staff can read entries', 'Staff can update entries of their sites',
  'Admins can delete entries'
], 'the waiting list has exactly its three policies: joining is the waiting-list function''s');

-- ============================================================================
-- the advisor's rules (supabase/splinter lints 0006, 0001, 0014, 0025), as it scopes them
-- ============================================================================
-- Two permissive policies for one role and action both run for every row: combine them with `or`.
select is_empty(
  $$select format('%s.%s: %s %s', n.nspname, c.relname, r.rolname, act.cmd)
    from pg_policy p
    join pg_class c on c.oid = p.polrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
    cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
      when 'w' then array['UPDATE'] when 'd' then array['DELETE']
      else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as act (cmd)
    where c.relkind = 'r' and p.polpermissive
      and n.nspname not in ('auth', 'cron', 'extensions', 'information_schema', 'net', 'pg_catalog',
        'storage', 'supabase_functions', 'supabase_migrations', 'vault')
      and r.rolname not like 'pg\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    group by 1 having count(*) > 1$$,
  'one permissive policy per table, role and action (the advisor''s multiple_permissive_policies)'
);

-- A foreign key with no index that leads with its columns: each delete of a referenced row scans.
select is_empty(
  $$select format('%s: %s', k.conrelid::regclass, k.conname)
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    where k.contype = 'f'
      and c.relnamespace::regnamespace::text not in ('auth', 'cron', 'extensions', 'information_schema',
        'net', 'pg_catalog', 'storage', 'supabase_functions', 'supabase_migrations', 'vault')
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      and not exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indisvalid
        and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(k.conkey, 1)] = k.conkey)$$,
  'every foreign key in every schema of ours is indexed (the advisor''s unindexed_foreign_keys)'
);

select is_empty(
  $$select extname from pg_extension where extname <> 'plpgsql' and extnamespace = 'public'::regnamespace$$,
  'no extension is installed in public (the advisor''s extension_in_public; pg_cron is in pg_catalog)'
);

-- A public bucket serves its files by URL with no policy; a broad select policy (always true, or
-- only its bucket_id) lets anyone list every file in it.
select is_empty(
  $$select b.id || ': ' || p.policyname from storage.buckets b
    join pg_policies p on p.schemaname = 'storage' and p.tablename = 'objects'
      and p.cmd in ('SELECT', 'ALL') and p.permissive = 'PERMISSIVE'
      and p.roles && array['public', 'anon', 'authenticated']::name[]
    where b.public
      and (p.qual is null
        or regexp_replace(lower(p.qual), '\s', '', 'g') in ('true', '(true)', '1=1', '(1=1)')
        or (regexp_match(p.qual, $re$\A\s*\(*\s*bucket_id\s*=\s*('(?:[^']|'')*')(\s*::\s*[[:alnum:]_\.]+)?\s*\)*\s*\Z$re$, 'i'))[1]
          = quote_literal(b.id))$$,
  'no public bucket may be listed by anyone (the advisor''s public_bucket_allows_listing)'
);

-- PostgREST answers P0 errors but P0001 with 500: "not found" is PT404 (404), never P0002.
select is_empty(
  $$select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prosrc ~* 'errcode\s*=\s*''P0002'''$$,
  'no function raises no_data_found (P0002), which the API answers 500'
);

-- ============================================================================
-- grants: private tables and service-only RPCs
-- ============================================================================
select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'private' and c.relname in ('provider_calls', 'webhook_events', 'idempotency_keys', 'reconfirmations', 'notification_outbox', 'notification_kinds')
      and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select') or not c.relrowsecurity)$$,
  'the functions'' tables are in private, with RLS on and no API role reading them'
);
select ok(
  not has_function_privilege('anon', 'public.apply_payment_event(text, text, text, text, text, integer)', 'execute')
  and not has_function_privilege('authenticated', 'public.apply_payment_event(text, text, text, text, text, integer)', 'execute')
  and has_function_privilege('service_role', 'public.apply_payment_event(text, text, text, text, text, integer)', 'execute'),
  'only the service role (the verified webhook) applies payment events'
);
select ok(
  not has_function_privilege('authenticated', 'public.create_checkout_order(text, text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, jsonb)', 'execute')
  and not has_function_privilege('anon', 'public.pre_register(bigint, text, text, text, text, text, boolean)', 'execute')
  and not has_function_privilege('anon', 'public.book_welcome_slot(bigint, text, text, text, uuid)', 'execute')
  and not has_function_privilege('anon', 'public.record_provider_call(text, text, jsonb)', 'execute'),
  'public-form and provider RPCs run only through the functions'
);

select * from finish();
rollback;
