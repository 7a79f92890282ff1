-- The scheduler's bulk writes (20250111000000_scheduler_bulk_audit.sql): a statement of the
-- scheduler's that writes more than 100 rows of a list table is one audit row (how many rows,
-- their ids, the status move they all made); the scheduler's small runs, and staff and functions
-- however many rows they write, keep one audit row per row. The status history keeps every move.
begin;
select plan(12);

select tests.create_actors();

insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'B' || g, 'Bulk', 'b' || g || '@test.local', true, now() - make_interval(days => 400) + make_interval(secs => g)
from generate_series(1, 320) g;
create temp table b as select id, email from public.waiting_list_entries where email like 'b%@test.local';
grant select on b to anon, authenticated, service_role;

-- 150 offers in one statement by the service role, as a function calls it through the API (the
-- service role outside any request is the scheduler): one audit row each.
select tests.authenticate_as_service_role();
do $$ begin perform set_config('request.headers', '{"x-roots-function": "bulk-test"}', true); end $$;
select is((select count(*)::int from public.make_plot_offers(9001, 150, 7)), 150, '150 offers made in one call');
select tests.clear_authentication();
do $$ begin perform set_config('request.headers', '', true); end $$;
select is(
  (select count(*)::int from public.audit_log a where a.table_name = 'plot_offers' and a.action = 'insert'
     and a.actor_role = 'service_role' and a.row_id is not null and a.bulk_rows is null
     and a.row_id in (select o.id::text from public.plot_offers o where o.entry_id in (select id from b))),
  150, 'the service role''s 150 offers: one audit row per offer, as before');

-- All 150 past their deadline; the scheduler's expiry passes each place on.
update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 minute'
where status = 'offered' and entry_id in (select id from b);
create temp table due as select id, entry_id from public.plot_offers where status = 'offered' and entry_id in (select id from b);
grant select on due to anon, authenticated, service_role;
create temp table mark as select coalesce(max(id), 0) as last_audit from public.audit_log;
grant select on mark to anon, authenticated, service_role;
select is(private.run_offer_expiry(), 150, 'the scheduler expires the 150 offers');

select results_eq(
  $$select a.table_name, a.action, a.bulk_rows, a.changes from public.audit_log a
    where a.id > (select last_audit from mark) and a.actor_role = 'scheduler'
    order by a.table_name, a.action, a.changes::text$$,
  $$values
    ('plot_offers'::text, 'insert'::text, 150, '{"status": {"before": null, "after": "offered"}}'::jsonb),
    ('plot_offers', 'update', 150, '{"status": {"before": "offered", "after": "expired"}}'),
    ('waiting_list_entries', 'update', 150, '{"status": {"before": "offered", "after": "expired"}}'),
    ('waiting_list_entries', 'update', 150, '{"status": {"before": "waiting", "after": "offered"}}')$$,
  'four statements, four audit rows: how many rows and the status move they all made');
select is(
  (select count(*)::int from public.audit_log a where a.id > (select last_audit from mark) and a.row_id is not null),
  0, 'no audit row per row for the bulk run');
select results_eq(
  $$select jsonb_array_elements(a.after -> 'ids')::bigint from public.audit_log a
    where a.id > (select last_audit from mark) and a.table_name = 'plot_offers' and a.action = 'update'$$,
  $$select id from due order by id$$,
  'the expired offers'' ids are in the audit row, in order');
select is(
  (select a.before is null and a.row_id is null and a.actor_id is null from public.audit_log a
   where a.id > (select last_audit from mark) and a.table_name = 'waiting_list_entries' limit 1),
  true, 'a bulk row holds no row image (nothing personal to erase)');
select results_eq(
  $$select h.from_status, h.to_status, count(*)::int from public.waiting_list_status_history h
    where h.entry_id in (select id from b) and h.from_status = 'offered' group by 1, 2$$,
  $$values ('offered'::text, 'expired'::text, 150)$$,
  'the status history still records each applicant''s move');

-- A bulk statement whose rows did not all make one move records none: a change of name across
-- entries now expired, offered and waiting (the move is read from the status column).
update mark set last_audit = (select max(id) from public.audit_log);
select private.act_as_scheduler();
update public.waiting_list_entries set last_name = 'Bulkier' where id in (select id from b);
select results_eq(
  $$select a.table_name, a.action, a.bulk_rows, a.changes from public.audit_log a
    where a.id > (select last_audit from mark) and a.actor_role = 'scheduler'$$,
  $$values ('waiting_list_entries'::text, 'update'::text, 320, '{}'::jsonb)$$,
  'a bulk statement whose rows made no single move records no move');
select tests.clear_authentication();

-- A small run of the scheduler's: one audit row per row, as before.
update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 minute'
where id in (select id from public.plot_offers where status = 'offered' and entry_id in (select id from b) order by id limit 2);
update mark set last_audit = (select max(id) from public.audit_log);
select is(private.run_offer_expiry(), 2, 'two more offers expire');
select results_eq(
  $$select a.table_name, a.action, count(*)::int, count(a.row_id)::int, count(a.bulk_rows)::int from public.audit_log a
    where a.id > (select last_audit from mark) and a.actor_role = 'scheduler' group by 1, 2 order by 1, 2$$,
  $$values ('plot_offers'::text, 'insert'::text, 2, 2, 0), ('plot_offers', 'update', 2, 2, 0),
    ('waiting_list_entries', 'update', 4, 4, 0)$$,
  'the scheduler''s small run: one audit row per offer and entry, with the row');

select throws_ok(
  $$insert into public.audit_log (table_name, action, bulk_rows) values ('plot_offers', 'update', 1)$$,
  '23514', null, 'a bulk row stands for more than one row');

select * from finish();
rollback;
