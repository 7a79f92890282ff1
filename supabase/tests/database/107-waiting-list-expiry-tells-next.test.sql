-- 20250118000000_expiry_tells_next.sql: the scheduled expiry that passes a place on asks for the
-- next applicant's e-mail in the same run (a request to the outbox's function, sent as the run
-- commits), instead of leaving it to the outbox job's next minute; a run that expires nothing
-- asks for nothing.
begin;
select plan(8);

select tests.create_actors();

insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'N' || g, 'Next', 'n' || g || '@test.local', true, now() - make_interval(days => 5000 - g)
from generate_series(1, 2) g;

select tests.authenticate_as_service_role();
select set_config('tests.offer', (select id::text from public.make_plot_offers(9001, 1, 7)), true);
select tests.clear_authentication();
select is((select e.email from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
  where o.id = current_setting('tests.offer')::bigint), 'n1@test.local', 'the first applicant holds the offer');
-- Told already; the deadline has passed.
insert into private.notification_outbox (kind, offer_id, sent_at)
values ('plot_offer', current_setting('tests.offer')::bigint, now());
update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 minute'
where id = current_setting('tests.offer')::bigint;
-- Requests queued from here on (the queue is the pg_net worker's: read, not cleared).
select set_config('tests.mark', (select coalesce(max(id), 0)::text from net.http_request_queue), true);

select is(private.run_offer_expiry(), 1, 'the offer expires');
select is((select o.status from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
  where e.email = 'n2@test.local'), 'offered', 'the place passes to the next applicant');
select is(
  (select count(*)::int from net.http_request_queue q
   where q.id > current_setting('tests.mark')::bigint and q.url like '%/functions/v1/waiting-list-process'
     and convert_from(q.body, 'UTF8')::jsonb = '{"action": "notify"}'),
  1, 'the same run asks the offers'' function to e-mail the new offer');

-- The outbox job's own tick in the same minute queues nothing more.
select private.drain_notification_outboxes();
select is((select count(*)::int from net.http_request_queue q
  where q.id > current_setting('tests.mark')::bigint and q.url like '%/functions/v1/waiting-list-process'),
  1, 'one request, however many ask');

select set_config('tests.mark', (select coalesce(max(id), 0)::text from net.http_request_queue), true);
select private.run_offer_expiry();
select is((select count(*)::int from net.http_request_queue q where q.id > current_setting('tests.mark')::bigint),
  0, 'a run that expires nothing asks for nothing');

-- Asking for the e-mails fails (a drain that raises) but does not undo the expiry: the place
-- still passes on, and the outbox job tells them later.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9001, 'x', 'N3', 'Next', 'n3@test.local', true, now() - interval '4990 days');
update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 minute'
where entry_id = (select id from public.waiting_list_entries where email = 'n2@test.local') and status = 'offered';
alter function private.drain_notification_outboxes() rename to drain_notification_outboxes_kept;
create function private.drain_notification_outboxes() returns integer language plpgsql as $$
begin raise exception 'no route to the functions'; end $$;
select is(private.run_offer_expiry(), 1, 'the offer expires although asking for the e-mail failed');
select is((select o.status from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
  where e.email = 'n3@test.local'), 'offered', 'and the place still passes on');

select * from finish();
rollback;
