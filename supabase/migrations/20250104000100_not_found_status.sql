-- "Not found" that the API answers 404 on Supabase too.
-- Our functions raised no_data_found (P0002) for an unknown id or token. PostgREST answers every
-- P0 SQLSTATE but P0001 with 500, so on Supabase a client asking for an unknown offer token got a
-- server error. PostgREST's own convention is `PTnnn`, answered with status nnn: every function
-- of ours that raised P0002 now raises PT404 (message and everything else unchanged). Each is
-- re-created from its own definition, so owner, grants and body stay as they were; the lint in
-- supabase/tests/database/020-lints.test.sql keeps P0002 from coming back.

-- ============================================================================
-- functions: P0002 → PT404
-- ============================================================================
do $$
declare
  f record;
begin
  for f in
    select p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prosrc like '%errcode = ''P0002''%'
  loop
    execute replace(pg_get_functiondef(f.oid), 'errcode = ''P0002''', 'errcode = ''PT404''');
  end loop;
end
$$;
