-- The ledger's behind_all flag (20250112000100_queue_log_behind_all.sql): an arrival is flagged
-- only when it is behind everybody waiting in its queue, everybody its statement takes off, and
-- the arrivals before it in its statement; whatever is flagged, the applicant's history reads the
-- same places up and down as a count over every row would.
begin;
select plan(10);

select tests.create_actors();

create temp table b (email text primary key, id bigint);
grant select, insert on b to anon, authenticated, service_role;
create function pg_temp.flags(p_like text)
returns table (email text, delta int, behind_all boolean)
language sql as $$
  select w.email, q.delta::int, q.behind_all from private.waiting_list_queue_log q
  join public.waiting_list_entries w on w.id = q.entry_id
  where w.email like p_like order by q.id
$$;

-- Three people join one after another, each at the back.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9002, 'x', 'B1', 'Back', 'b1@test.local', true, now() - interval '30 days');
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9002, 'x', 'B2', 'Back', 'b2@test.local', true, now() - interval '20 days');
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9002, 'x', 'B3', 'Back', 'b3@test.local', true, now() - interval '10 days');
insert into b select email, id from public.waiting_list_entries where email like 'b_@test.local';
select results_eq($$select * from pg_temp.flags('b_@test.local')$$,
  $$values ('b1@test.local', 1, true), ('b2@test.local', 1, true), ('b3@test.local', 1, true)$$,
  'each join at the back of the queue is behind everybody');

-- An import dated before b3: ahead of b3, so not behind everybody.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9002, 'x', 'B4', 'Early', 'b4@test.local', true, now() - interval '15 days');
insert into b select email, id from public.waiting_list_entries where email = 'b4@test.local';
select is((select behind_all from pg_temp.flags('b4@test.local')), false, 'an import dated ahead of somebody is not');

-- One statement: two at the back in order, then one dated before the first of them.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9002, 'x', 'B5', 'Batch', 'b5@test.local', true, now() - interval '5 days'),
  (9002, 'x', 'B6', 'Batch', 'b6@test.local', true, now() - interval '4 days'),
  (9002, 'x', 'B7', 'Batch', 'b7@test.local', true, now() - interval '6 days');
insert into b select email, id from public.waiting_list_entries where email in ('b5@test.local', 'b6@test.local', 'b7@test.local');
select results_eq($$select * from pg_temp.flags('b_@test.local') where email in ('b5@test.local', 'b6@test.local', 'b7@test.local')$$,
  $$values ('b5@test.local', 1, true), ('b6@test.local', 1, true), ('b7@test.local', 1, false)$$,
  'in one statement, an arrival dated before an earlier arrival of the statement is not');

-- Another queue's people do not count: the first join at Test Site A is behind everybody there.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9001, 'x', 'B8', 'Other', 'b8@test.local', true, now() - interval '300 days');
select is((select behind_all from pg_temp.flags('b8@test.local')), true, 'queues are separate');

-- b2 is offered a plot (leaves), then turns it down and is reinstated with their old date: they
-- come back ahead of b3, b4 and the batch.
update public.waiting_list_entries set status = 'offered' where email = 'b2@test.local';
update public.waiting_list_entries set status = 'waiting' where email = 'b2@test.local';
select results_eq($$select delta, behind_all from pg_temp.flags('b2@test.local')$$,
  $$values (1, true), (-1, false), (1, false)$$, 'a reinstatement with an old date is not behind everybody');

-- A statement that reinstates b5 while taking off b6, the only one behind b5: b6 may still be
-- there when b5 comes back (the order of a statement's rows is not fixed), so b5 is not flagged.
update public.waiting_list_entries set status = 'offered' where email = 'b5@test.local';
update public.waiting_list_entries set status = case when email = 'b5@test.local' then 'waiting' else 'offered' end
where email in ('b5@test.local', 'b6@test.local');
select results_eq($$select delta, behind_all from pg_temp.flags('b5@test.local')$$,
  $$values (1, true), (-1, false), (1, false)$$,
  'an arrival in the statement that takes off the one behind it is not behind everybody');

-- The histories read only unflagged rows and say what the whole ledger says.
select is((select count(*)::int from public.get_waiting_list_history(
    (select reference from public.waiting_list_entries where email = 'b1@test.local')) h where h.kind = 'position'),
  0, 'nobody moved the first in the queue');
-- b3 saw b4 arrive ahead (down one), b2 leave (up one) and come back (down one); the batch, b5
-- and b6 are behind b3 and do not count.
select results_eq($$select coalesce(sum(h.places_up), 0)::int, coalesce(sum(h.places_down), 0)::int
  from public.get_waiting_list_history((select reference from public.waiting_list_entries where email = 'b3@test.local')) h
  where h.kind = 'position'$$,
  $$values (1, 2)$$, 'b3: one place up (b2 offered), two down (b4 imported ahead, b2 back)');
-- The same count straight from the ledger, every row, none skipped.
select results_eq($$
  with me as (select q.id, q.key_joined_at, q.entry_id, q.location_key from private.waiting_list_queue_log q
    where q.entry_id = (select id from b where email = 'b3@test.local') and q.delta = 1)
  select coalesce(sum(case when x.delta = -1 then 1 else 0 end), 0)::int, coalesce(sum(case when x.delta = 1 then 1 else 0 end), 0)::int
  from private.waiting_list_queue_log x, me
  where x.location_key = me.location_key and x.id > me.id and x.entry_id <> me.entry_id
    and (x.key_joined_at, x.entry_id) < (me.key_joined_at, me.entry_id)$$,
  $$values (1, 2)$$, 'which is what every row of the ledger says');
select is((select count(*)::int from private.waiting_list_queue_log q
  where q.behind_all and q.delta = -1), 0, 'a departure is never flagged');

select * from finish();
rollback;
