-- 20250115000000_expiry_row_work.sql: the updated_at stamp is skipped only for a row already
-- stamped with now(), so every updated entry still ends with updated_at = now() whatever the
-- statement set; the expiry stamps the entries it expires and the ones it offers to; the
-- foreign-key indexes that now leave out nulls still serve a lookup by a value.
begin;
select plan(11);

select tests.create_actors();

insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'E' || g, 'Stamp', 'e' || g || '@test.local', true, now() - make_interval(days => 10 - g)
from generate_series(1, 4) g;
create temp table t as select email, id from public.waiting_list_entries where email like 'e_@test.local';
grant select on t to anon, authenticated, service_role;
alter table public.waiting_list_entries disable trigger waiting_list_entries_set_updated_at;
update public.waiting_list_entries set updated_at = '2001-01-01' where id in (select id from t);
alter table public.waiting_list_entries enable trigger waiting_list_entries_set_updated_at;

-- ---------------------------------------------------------------------------
-- The stamp
-- ---------------------------------------------------------------------------
select tests.authenticate_as_service_role();
update public.waiting_list_entries set notes = 'a' where id = (select id from t where email = 'e1@test.local');
select is((select updated_at from public.waiting_list_entries where id = (select id from t where email = 'e1@test.local')),
  now(), 'an update that leaves updated_at alone is stamped');
update public.waiting_list_entries set notes = 'b', updated_at = '1999-09-09' where id = (select id from t where email = 'e2@test.local');
select is((select updated_at from public.waiting_list_entries where id = (select id from t where email = 'e2@test.local')),
  now(), 'an update that sets another time is stamped with now() all the same');
update public.waiting_list_entries set notes = 'c', updated_at = now() where id = (select id from t where email = 'e3@test.local');
select is((select updated_at from public.waiting_list_entries where id = (select id from t where email = 'e3@test.local')),
  now(), 'an update that stamps now() itself keeps it');
update public.waiting_list_entries set notes = 'd' where id = (select id from t where email = 'e1@test.local');
select is((select updated_at from public.waiting_list_entries where id = (select id from t where email = 'e1@test.local')),
  now(), 'a second update in the same transaction keeps the stamp');
select is((select updated_at from public.waiting_list_entries where id = (select id from t where email = 'e4@test.local')),
  '2001-01-01'::timestamptz, 'a row no statement touched keeps its old stamp');
select tests.clear_authentication();

-- ---------------------------------------------------------------------------
-- The expiry stamps both sides of a passed-on offer
-- ---------------------------------------------------------------------------
alter table public.waiting_list_entries disable trigger waiting_list_entries_set_updated_at;
update public.waiting_list_entries set updated_at = '2001-01-01', notes = null where id in (select id from t);
alter table public.waiting_list_entries enable trigger waiting_list_entries_set_updated_at;
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.make_plot_offers(9001, 1, 7)), 1, 'one offer made (to the first in the queue)');
update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 minute'
where entry_id = (select id from t where email = 'e1@test.local') and status = 'offered';
select is(public.expire_plot_offers(9001), 1, 'the overdue offer expires');
select results_eq(
  $$select t.email, w.status, w.updated_at = now() from public.waiting_list_entries w join t on t.id = w.id
    where t.email in ('e1@test.local', 'e2@test.local', 'e3@test.local') order by t.email$$,
  $$values ('e1@test.local', 'expired', true), ('e2@test.local', 'offered', true), ('e3@test.local', 'waiting', false)$$,
  'the expired entry and the next applicant are stamped; the one still waiting is not');
select tests.clear_authentication();

-- ---------------------------------------------------------------------------
-- The foreign keys' indexes leave out nulls and still serve a lookup by a value
-- ---------------------------------------------------------------------------
set local enable_seqscan = off;
create function pg_temp.plan_of(q text) returns text language plpgsql as $$
declare line text; out text := '';
begin
  for line in execute 'explain (costs off) ' || q loop out := out || line || E'\n'; end loop;
  return out;
end $$;
select matches(pg_temp.plan_of($$select id from public.waiting_list_entries where user_id = '00000000-0000-0000-0000-000000000001'$$),
  'waiting_list_entries_user_id_idx', 'an applicant''s own entries are found through the account index');
select matches(pg_temp.plan_of($$select id from public.plot_offers where category_id = 1$$),
  'plot_offers_category_id_idx', 'a category''s offers are found through the category index');

-- A foreign key's own check (a category deleted) runs a prepared statement with a parameter.
set local plan_cache_mode = force_generic_plan;
prepare by_category(bigint) as select id from public.waiting_list_entries where category_id = $1;
select matches(pg_temp.plan_of('execute by_category(1)'),
  'waiting_list_entries_category_id_idx', 'a generic plan with a parameter uses the category index too');

select * from finish();
rollback;
