-- National scale for the lists (20250109000000_list_scale.sql): the bookkeeping written by
-- statement-level triggers is what the row-level triggers wrote — one status-history row, one
-- queue event, one ledger row per side and one audit row per entry a multi-row statement
-- touches, in the statements' row order; nothing for a change that changes nothing; the monthly
-- queue tally always adds up to the live entries, so places in the queue stay exact; the
-- import's set-wise answers (duplicates in the file, rows repeated in a batch).
begin;
select plan(35);

select tests.create_actors();

-- ---------------------------------------------------------------------------
-- No row-level bookkeeping is left on the list tables: only BEFORE row triggers (which change
-- or refuse the row) and the foreign keys' own.
-- ---------------------------------------------------------------------------
select is(
  (select count(*)::int from pg_trigger t
   where t.tgrelid in ('public.waiting_list_entries'::regclass, 'public.plot_offers'::regclass,
       'public.waiting_list_events'::regclass, 'private.reconfirmations'::regclass)
     and not t.tgisinternal and (t.tgtype & 1) = 1 and (t.tgtype & 2) = 0),
  0, 'no AFTER ... FOR EACH ROW trigger is left on the list tables');

-- ---------------------------------------------------------------------------
-- A multi-row insert (as the service role, so it is audited)
-- ---------------------------------------------------------------------------
select tests.authenticate_as_service_role();
-- As an edge function would call: the audit names the service role and the function.
do $$ begin perform set_config('request.headers', '{"x-roots-function": "scale-test"}', true); end $$;
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'S' || g, 'Scale', 's' || g || '@test.local', true, now() - make_interval(days => 400 - g * 40)
from generate_series(1, 4) g;
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
values (9001, 'x', 'S5', 'Scale', 's5@test.local', true);
select tests.clear_authentication();
create temp table s as
  select email, id, reference, row_number() over (order by id) as n from public.waiting_list_entries where email like 's_@test.local';
grant select on s to anon, authenticated, service_role;

select results_eq(
  $$select h.from_status, h.to_status, count(*)::int from public.waiting_list_status_history h
    where h.entry_id in (select id from s) group by 1, 2$$,
  $$values (null::text, 'waiting'::text, 5)$$, 'one status-history row per inserted entry');
select results_eq(
  $$select v.kind from public.waiting_list_events v where v.entry_id in (select id from s) order by v.id$$,
  $$values ('imported'), ('imported'), ('imported'), ('imported'), ('joined')$$,
  'one queue event per inserted entry, in row order: imported with an earlier date, else joined');
select results_eq(
  $$select q.entry_id, q.delta::int, q.cause from private.waiting_list_queue_log q where q.entry_id in (select id from s) order by q.id$$,
  $$select id, 1, case when n < 5 then 'imported' else 'joined' end from s order by n$$,
  'a +1 in the ledger per entry, in row order');
select results_eq(
  $$select a.row_id, a.action, a.actor_role, a.via from public.audit_log a where a.table_name = 'waiting_list_entries'
    and a.row_id in (select id::text from s) order by a.id$$,
  $$select id::text, 'insert'::text, 'service_role'::text, 'scale-test'::text from s order by n$$,
  'one audit row per inserted entry, in row order, attributed as before');
select is(
  (select count(*)::int from public.audit_log a where a.table_name = 'waiting_list_events' and a.action = 'insert'
     and (a.after ->> 'entry_id')::bigint in (select id from s)),
  5, 'and one audit row per queue event');
select ok(
  (select bool_and(a.changes = private.audit_diff(null, a.after) and a.changes ? 'email' and not a.changes ? 'updated_at')
   from public.audit_log a where a.table_name = 'waiting_list_entries' and a.row_id in (select id::text from s)),
  'an insert''s changes are every set column');

-- ---------------------------------------------------------------------------
-- A multi-row update of status: three entries offered in one statement
-- ---------------------------------------------------------------------------
select tests.authenticate_as_service_role();
update public.waiting_list_entries set status = 'offered' where id in (select id from s where n <= 3);
select tests.clear_authentication();
select results_eq(
  $$select h.entry_id, h.from_status, h.to_status from public.waiting_list_status_history h
    where h.entry_id in (select id from s) and h.from_status is not null order by 1$$,
  $$select id, 'waiting'::text, 'offered'::text from s where n <= 3 order by 1$$,
  'one status-history row per entry whose status changed');
select results_eq(
  $$select q.entry_id, q.delta::int, q.cause from private.waiting_list_queue_log q
    where q.entry_id in (select id from s) and q.delta = -1 order by 1$$,
  $$select id, -1, 'offered'::text from s where n <= 3 order by 1$$,
  'a -1 per entry that left the queue, with its new status as the cause');
select results_eq(
  $$select a.row_id, a.changes from public.audit_log a where a.table_name = 'waiting_list_entries' and a.action = 'update'
    and a.row_id in (select id::text from s) order by 1$$,
  $$select id::text, '{"status": {"before": "waiting", "after": "offered"}}'::jsonb from s where n <= 3 order by 1$$,
  'one audit row per updated entry: before, after and the change (updated_at aside)');

-- An update that changes no status and no place: audited, no history, no ledger.
select tests.authenticate_as_service_role();
update public.waiting_list_entries set notes = 'rang twice' where id in (select id from s);
select tests.clear_authentication();
select is((select count(*)::int from public.waiting_list_status_history h where h.entry_id in (select id from s)),
  8, 'a change of notes writes no status history');
select is((select count(*)::int from private.waiting_list_queue_log q where q.entry_id in (select id from s)),
  8, 'nor the ledger');
select is((select count(*)::int from public.audit_log a where a.table_name = 'waiting_list_entries' and a.action = 'update'
    and a.row_id in (select id::text from s) and a.changes = '{"notes": {"before": null, "after": "rang twice"}}'::jsonb),
  5, 'but each entry''s audit row says what changed');

-- Back to the queue: +1 'reinstated'; one row of a two-row statement that changes nothing for the other.
select tests.authenticate_as_service_role();
update public.waiting_list_entries set status = 'waiting' where id in (select id from s where n in (1, 4));
select tests.clear_authentication();
select results_eq(
  $$select q.entry_id, q.delta::int, q.cause from private.waiting_list_queue_log q
    where q.entry_id in (select id from s) order by q.id desc limit 1$$,
  $$select id, 1, 'reinstated'::text from s where n = 1$$,
  'an offered entry put back takes a +1 as reinstated');
select is((select count(*)::int from private.waiting_list_queue_log q where q.entry_id = (select id from s where n = 4)),
  1, 'the entry that was already waiting gets no ledger rows');

-- Without request claims (maintenance as postgres): no audit rows.
update public.waiting_list_entries set status = 'withdrawn' where id = (select id from s where n = 5);
select is((select count(*)::int from public.audit_log a where a.table_name = 'waiting_list_entries'
    and a.row_id = (select id::text from s where n = 5) and a.action = 'update'), 1,
  'no audit row without request claims (only the earlier notes change)');
select is((select cause from private.waiting_list_queue_log q where q.entry_id = (select id from s where n = 5) order by q.id desc limit 1),
  'withdrawn', 'the ledger''s -1 names the new status');

-- Deleted in one statement: one audit row each.
select tests.authenticate_as_service_role();
delete from public.waiting_list_entries where id in (select id from s where n in (2, 3));
select tests.clear_authentication();
select is((select count(*)::int from public.audit_log a where a.table_name = 'waiting_list_entries' and a.action = 'delete'
    and a.row_id in (select id::text from s) and a.after is null and a.before ->> 'email' like 's_@test.local'),
  2, 'one audit row per deleted entry, with the row before');

-- ---------------------------------------------------------------------------
-- Offers: the plot_offers audit, per row of a multi-row statement
-- ---------------------------------------------------------------------------
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9002, 'x', 'O' || g, 'Offer', 'o' || g || '@test.local', true, now() - make_interval(days => 800 - g)
from generate_series(1, 3) g;
select tests.authenticate_as_service_role();
create temp table made as select * from public.make_plot_offers(9002, 3, 7);
select tests.clear_authentication();
grant select on made to service_role;
select is((select count(*)::int from made), 3, 'three offers made in one statement');
select results_eq(
  $$select a.row_id, a.action from public.audit_log a where a.table_name = 'plot_offers' and a.row_id in (select id::text from made) order by a.id$$,
  $$select id::text, 'insert'::text from made order by id$$,
  'one audit row per offer, in order');

-- The yearly round: one 'asked_to_confirm' event per request, one 'confirmed' per confirmation.
select tests.authenticate_as_service_role();
update public.plot_offers set status = 'withdrawn' where id in (select id from made);
update public.waiting_list_entries set status = 'waiting' where email like 'o_@test.local';
create temp table asked as select * from public.request_reconfirmations(9002, 30);
select tests.clear_authentication();
grant select on asked to service_role;
select is((select count(*)::int from asked where email like 'o_@test.local'), 3, 'three entries asked in one statement');
select results_eq(
  $$select v.entry_id, v.queue_date_after from public.waiting_list_events v
    where v.kind = 'asked_to_confirm' and v.entry_id in (select id from public.waiting_list_entries where email like 'o_@test.local') order by 1$$,
  $$select w.id, a.due_by from asked a join public.waiting_list_entries w on w.reference = a.reference
    where a.email like 'o_@test.local' order by 1$$,
  'one asked_to_confirm event per request, with its deadline');
update private.reconfirmations set status = 'confirmed', responded_at = now()
where entry_id in (select id from public.waiting_list_entries where email like 'o_@test.local');
update private.reconfirmations set responded_at = now()
where entry_id in (select id from public.waiting_list_entries where email like 'o_@test.local');
select is((select count(*)::int from public.waiting_list_events v where v.kind = 'confirmed'
    and v.entry_id in (select id from public.waiting_list_entries where email like 'o_@test.local')),
  3, 'one confirmed event per confirmation, none for a later update of the request');

-- ---------------------------------------------------------------------------
-- The monthly queue tally and places in the queue
-- ---------------------------------------------------------------------------
select results_eq(
  $$select m.location_key, m.month, m.live from private.waiting_list_queue_months m where m.live <> 0 order by 1, 2$$,
  $$select w.location_key, private.queue_month(w.joined_at), count(*) from public.waiting_list_entries w
    where w.status in ('waiting', 'offered') group by 1, 2 order by 1, 2$$,
  'the monthly tally is the live entries per list and month, after inserts, updates and deletes');
select is(
  (select count(*)::int from public.waiting_list_entries w0
   cross join lateral public.get_waiting_list_position(w0.reference) p
   where w0.status = 'waiting' and p.queue_position is distinct from (
     select count(*) + 1 from public.waiting_list_entries w
     where w.location_key = w0.location_key and w.status = 'waiting' and (w.joined_at, w.id) < (w0.joined_at, w0.id))),
  0, 'every waiting entry''s place is the count of those ahead of it plus one');
select is(
  (select queue_position from public.get_waiting_list_position((select reference from s where n = 4))),
  (select count(*) + 1 from public.waiting_list_entries w, s where s.n = 4 and w.location_key = 'test site a' and w.status = 'waiting'
     and (w.joined_at, w.id) < ((select joined_at from public.waiting_list_entries where id = s.id), s.id)),
  'a place across several months of the tally');

-- ---------------------------------------------------------------------------
-- The expiry: each freed place offered on, in one statement for a site with one kind of offer,
-- group by group for a site whose offers were of several plot sizes (never one applicant twice).
-- ---------------------------------------------------------------------------
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select site, 'x', 'E' || g, 'Expiry', 'e' || site || '-' || g || '@test.local', true, now() - make_interval(days => 3000 - g)
from generate_series(1, 4) g, (values (9001), (9002)) v(site);
select tests.authenticate_as_service_role();
create temp table before_expiry as
  select o.id from public.make_plot_offers(9001, 2, 7) o
  union all select o.id from public.make_plot_offers(9002, 1, 7, null, 'half') o
  union all select o.id from public.make_plot_offers(9002, 1, 7, null, 'full') o;
select tests.clear_authentication();
grant select on before_expiry to service_role;
update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 day' where id in (select id from before_expiry);
create temp table queue_before as
  select w.site_id, w.id, row_number() over (partition by w.site_id order by w.joined_at, w.id) as place
  from public.waiting_list_entries w where w.site_id in (9001, 9002) and w.status = 'waiting';
select tests.authenticate_as_service_role();
select is(public.expire_plot_offers(), 4, 'four overdue offers expire');
select tests.clear_authentication();
create temp table passed_on as
  select o.* from public.plot_offers o where o.site_id in (9001, 9002) and o.status = 'offered'
    and o.id not in (select id from made) and o.id not in (select id from before_expiry);
select results_eq(
  $$select p.entry_id from passed_on p where p.site_id = 9001 order by 1$$,
  $$select q.id from queue_before q where q.site_id = 9001 and q.place <= 2 order by 1$$,
  'the one-kind site''s two places go to the next two in its queue');
select results_eq(
  $$select p.plot_size, count(*)::int, count(distinct p.entry_id)::int from passed_on p where p.site_id = 9002 group by 1 order by 1$$,
  $$values ('full'::text, 1, 1), ('half'::text, 1, 1)$$,
  'the two-kind site''s places are offered one per plot size');
select ok(
  (select count(distinct p.entry_id) = 2 and bool_and(w.status = 'offered') from passed_on p
   join public.waiting_list_entries w on w.id = p.entry_id where p.site_id = 9002),
  'to two different applicants, each now offered');
select is(
  (select count(*)::int from public.waiting_list_entries w0
   cross join lateral public.get_waiting_list_position(w0.reference) p
   where w0.status = 'waiting' and w0.site_id in (9001, 9002) and p.queue_position is distinct from (
     select count(*) + 1 from public.waiting_list_entries w
     where w.location_key = w0.location_key and w.status = 'waiting' and (w.joined_at, w.id) < (w0.joined_at, w0.id))),
  0, 'places stay exact with live offers ahead (the tally counts them, the place does not)');

-- ---------------------------------------------------------------------------
-- The import, set-wise
-- ---------------------------------------------------------------------------
select tests.authenticate_as('pm_a');
select results_eq(
  $$select x ->> 'status', left(x -> 'messages' ->> 0, 28) from jsonb_array_elements(public.import_waiting_list(9001, '[
      {"row": 2, "first_name": "Ann", "last_name": "One", "email": "ann@test.local"},
      {"row": 3, "first_name": "Ann", "last_name": "Again", "email": " ANN@test.local "},
      {"row": 4, "first_name": "S4", "last_name": "Scale", "email": "s4@test.local"},
      {"row": 5, "first_name": "No", "last_name": "Body", "email": "not-an-address"},
      {"row": 6, "first_name": "Bo", "last_name": "Two", "email": "bo@test.local"}
    ]'::jsonb) -> 'rows') x$$,
  $$values ('ok', null), ('duplicate', 'Same e-mail as row 2 of this'), ('duplicate', 'Already on this waiting list'),
    ('error', 'E-mail "not-an-address" is n'), ('ok', null)$$,
  'a dry run: the first of an e-mail is ok, a later one points to it; one already waiting is a duplicate');
select is(
  (select public.import_waiting_list(9001, '[
      {"row": 2, "first_name": "Ann", "last_name": "One", "email": "ann@test.local"},
      {"row": 3, "first_name": "Ann", "last_name": "Again", "email": "ann@test.local"},
      {"row": 2, "first_name": "Ann", "last_name": "One", "email": "ann@test.local"}
    ]'::jsonb, false, false, '00000000-0000-4000-8000-000000000046', 'scale.csv', 3) -> 'rows'),
  '[{"row": 2, "status": "imported", "messages": []},
    {"row": 3, "status": "duplicate", "messages": ["Same e-mail as row 2 of this file."]},
    {"row": 2, "status": "imported", "messages": [], "repeated": true}]'::jsonb,
  'a batch: imported, the same e-mail again, and a row number repeated in the batch answered from the first');
select is(
  (select public.import_waiting_list(9001, '[{"row": 2, "first_name": "Ann", "last_name": "One", "email": "ann@test.local"}]'::jsonb,
      false, false, '00000000-0000-4000-8000-000000000046', 'scale.csv', 3) -> 'rows'),
  '[{"row": 2, "status": "imported", "messages": [], "repeated": true}]'::jsonb,
  'a retried batch is answered from the record');
select is(
  (select (public.import_waiting_list(9001, '[{"row": 4, "first_name": "Cy", "last_name": "Three", "email": "ann@test.local"}]'::jsonb,
      false, false, '00000000-0000-4000-8000-000000000046', 'scale.csv', 3) -> 'rows') -> 0 -> 'messages' ->> 0),
  'Same e-mail as row 2 of this file.', 'a later batch finds the e-mail an earlier batch imported');
select tests.clear_authentication();

select * from finish();
rollback;
