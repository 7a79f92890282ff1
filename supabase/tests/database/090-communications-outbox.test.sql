-- The one outbox (private.notification_outbox): both kinds of mail owed (an offer of a plot, a
-- welcome-slot place staff cancelled) are claimed into it once by one notifier, finish_notifications
-- marks what went and releases what failed, a kind never finishes another kind's claims, and a
-- claim names exactly one thing of its kind. Who may claim offers is here; who may claim
-- cancellation notices is with the welcome-slot cancellations.
begin;
select plan(25);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
values (9001, 'x', 'Olive', 'Outbox', 'olive.outbox@example.com', true);
select tests.authenticate_as_service_role();
select set_config('tests.offer', (select id::text from public.make_plot_offers(9001, 1)), true);
select tests.clear_authentication();
-- A booking whose id is the offer's, so a finish of the wrong kind would reach it if kinds mixed.
insert into public.welcome_slots (id, site_id, starts_at, capacity) values (90901, 9001, now() + interval '3 days', 3);
insert into public.welcome_slot_bookings (id, slot_id, name, email) overriding system value
values (current_setting('tests.offer')::bigint, 90901, 'Wren', 'wren.outbox@example.com');
insert into public.welcome_slot_bookings (slot_id, name, email) values (90901, 'Yara', 'yara.outbox@example.com');

-- ============================================================================
-- both kinds enqueue into the one table
-- ============================================================================
select tests.authenticate_as('official');
select results_eq($$select * from public.cancel_welcome_slot(90901, 'Frost')$$, $$values (true, 2)$$,
  'an admin cancels the slot and both bookings');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.claim_offer_notifications(9001)$$, '42501',
  'permission denied for function claim_offer_notifications', 'anon cannot claim offers');
select tests.authenticate_as('pm_b');
select throws_ok($$select * from public.claim_offer_notifications(9001)$$, '42501', 'Not allowed to make offers at this site',
  'a patch manager cannot claim the offers of another site');
select tests.authenticate_as_service_role();
select ok(90901 = any (array(select public.slots_with_untold_cancellations())), 'the drain sees guests nobody has told');
select results_eq($$select offer_id, email from public.claim_offer_notifications(9001)$$,
  $$values (current_setting('tests.offer')::bigint, 'olive.outbox@example.com')$$, 'the offer is claimed for its applicant');
select is((select count(*)::int from public.claim_welcome_slot_cancellation_notices(90901)), 2, 'both guests are claimed');
select tests.clear_authentication();
select results_eq(
  $$select kind, coalesce(offer_id, booking_id) = current_setting('tests.offer')::bigint, sent_at is null
    from private.notification_outbox
    where offer_id = current_setting('tests.offer')::bigint
       or booking_id in (select id from public.welcome_slot_bookings where slot_id = 90901)
    order by 1, 2 desc$$,
  $$values ('plot_offer', true, true), ('welcome_slot_cancellation', true, true), ('welcome_slot_cancellation', false, true)$$,
  'one outbox holds a claim of each kind, none sent yet');
select ok(not (90901 = any (array(select public.slots_with_untold_cancellations()))), 'claimed guests are no longer untold');
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_offer_notifications(9001)), 0, 'a second notifier claims no offer');
select is((select count(*)::int from public.claim_welcome_slot_cancellation_notices(90901)), 0, 'and no guest');

-- ============================================================================
-- finishing: sent is marked, failed is released, kinds stay apart
-- ============================================================================
select public.finish_notifications('welcome_slot_cancellation', array[current_setting('tests.offer')::bigint], '{}');
select is((select sent_at from private.notification_outbox where offer_id = current_setting('tests.offer')::bigint), null,
  'finishing a cancellation with the offer''s number leaves the offer''s claim alone');
select isnt((select sent_at from private.notification_outbox where booking_id = current_setting('tests.offer')::bigint), null,
  'and marks that booking''s notice sent');
select public.finish_notifications('plot_offer', array[current_setting('tests.offer')::bigint], '{}');
select isnt((select sent_at from private.notification_outbox where offer_id = current_setting('tests.offer')::bigint), null,
  'the offer''s e-mail is marked sent');
select public.finish_notifications('welcome_slot_cancellation', '{}',
  array[(select id from public.welcome_slot_bookings where email = 'yara.outbox@example.com'),
        current_setting('tests.offer')::bigint]);
select results_eq($$select email from public.claim_welcome_slot_cancellation_notices(90901)$$, $$values ('yara.outbox@example.com')$$,
  'a failed send is claimed again; a sent one, named as failed later, is not');
select is((select count(*)::int from public.claim_offer_notifications(9001)), 0, 'a sent offer is never claimed again');
select tests.clear_authentication();

-- ============================================================================
-- the table's own rules and reach
-- ============================================================================
select throws_ok($$insert into private.notification_outbox (kind, booking_id) values ('plot_offer', current_setting('tests.offer')::bigint)$$,
  '23514', null, 'a claim names the thing of its own kind');
select tests.authenticate_as('official');
select throws_ok($$select public.finish_notifications('plot_offer', '{}', '{}')$$, '42501',
  'permission denied for function finish_notifications', 'only the functions (the service role) finish claims');
select tests.clear_authentication();
select ok(not has_table_privilege('authenticated', 'private.notification_outbox', 'select')
  and not has_table_privilege('anon', 'private.notification_outbox', 'select'), 'no API role reads the outbox');

-- ============================================================================
-- kinds are rows: a new kind about an entry needs no change to the outbox or the drain
-- ============================================================================
select throws_ok($$insert into private.notification_outbox (kind, offer_id) values ('no_such_kind', current_setting('tests.offer')::bigint)$$,
  '23503', null, 'a claim''s kind must be a known kind');
insert into private.notification_kinds (kind, about, function_path, request, pending_query, description)
values ('test_entry_notice', 'entry', 'waiting-list-process', '{"action": "test_notice"}',
  $q$select 1 from public.waiting_list_entries e where e.email = 'olive.outbox@example.com'
     and not exists (select 1 from private.notification_outbox n where n.kind = 'test_entry_notice' and n.entry_id = e.id)$q$,
  'test');
select private.drain_notification_outboxes();
select ok(exists (select 1 from net.http_request_queue q
  where q.url like '%/functions/v1/waiting-list-process' and convert_from(q.body, 'UTF8')::jsonb = '{"action": "test_notice"}'),
  'the drain asks the kind''s function once its pending query finds work');
select set_config('tests.entry', (select entry_id::text from public.plot_offers where id = current_setting('tests.offer')::bigint), true);
select lives_ok($$insert into private.notification_outbox (kind, entry_id, period) values
  ('test_entry_notice', current_setting('tests.entry')::bigint, '2026-10'),
  ('test_entry_notice', current_setting('tests.entry')::bigint, '2026-11')$$,
  'an entry notice is owed once per period');
select throws_ok($$insert into private.notification_outbox (kind, entry_id, period) values
  ('test_entry_notice', current_setting('tests.entry')::bigint, '2026-11')$$,
  '23505', null, 'and never twice for one period');
select throws_ok($$insert into private.notification_outbox (kind, offer_id) values ('test_entry_notice', current_setting('tests.offer')::bigint)$$,
  '23514', null, 'an entry kind cannot name an offer');
select public.finish_notifications('test_entry_notice', '{}', array[current_setting('tests.entry')::bigint]);
select is((select count(*)::int from private.notification_outbox where kind = 'test_entry_notice'), 0,
  'a failed entry notice is released for every period still unsent');
-- The drain posts one request per function and body only when a kind's pending query finds work.
delete from private.notification_kinds k where k.kind = 'test_entry_notice'
  and not exists (select 1 from private.notification_outbox n where n.kind = k.kind);
select is((select count(*)::int from private.notification_kinds where kind = 'test_entry_notice'), 0,
  'a kind with no claims can be dropped again');

select * from finish();
rollback;
