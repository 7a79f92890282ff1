-- Welcome slot cancellation: only admins cancel a slot or a booking (patch managers, members
-- and anon are refused); a cancelled slot frees its places, stays cancelled, takes no bookings
-- and cannot be changed; cancelling twice changes nothing; the cancellation outbox hands each
-- staff-cancelled booking to one notifier once (a failed send is released); the audit log
-- names who cancelled.
begin;
select plan(25);

select tests.create_actors();
insert into public.welcome_slots (id, site_id, starts_at, capacity) values
  (90101, 9001, now() + interval '3 days', 3),
  (90102, 9001, now() + interval '4 days', 3),
  (90103, 9001, now() - interval '1 day', 3);
insert into public.welcome_slot_bookings (slot_id, name, email) values
  (90101, 'Ann', 'ann@example.com'), (90101, 'Bob', 'bob@example.com'),
  (90102, 'Cat', 'cat@example.com'), (90102, 'Dan', 'dan@example.com');

-- ============================================================================
-- anon, members and patch managers
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select * from public.cancel_welcome_slot(90101)$$, '42501', 'permission denied for function cancel_welcome_slot',
  'anon cannot cancel a slot');
select throws_ok($$select public.claim_welcome_slot_cancellation_notices(90101)$$, '42501',
  'permission denied for function claim_welcome_slot_cancellation_notices', 'anon cannot claim notices');
select tests.authenticate_as('member');
select throws_ok($$select * from public.cancel_welcome_slot(90101)$$, '42501', 'Only admins can cancel welcome slots',
  'a member cannot cancel a slot');
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.cancel_welcome_slot(90101)$$, '42501', 'Only admins can cancel welcome slots',
  'a patch manager cannot cancel a slot, even at their own site');
select throws_ok($$select public.cancel_welcome_slot_booking_as_staff((select id from public.welcome_slot_bookings where email = 'cat@example.com'))$$,
  '42501', 'Only admins can cancel welcome slot bookings', 'a patch manager cannot cancel a booking');
select throws_ok($$select public.claim_welcome_slot_cancellation_notices(90101)$$, '42501', 'Only admins can notify welcome slot guests',
  'a patch manager cannot claim notices');
select throws_ok($$select public.finish_notifications('welcome_slot_cancellation', '{}', '{}')$$, '42501',
  'permission denied for function finish_notifications', 'only the service role finishes notices');
select tests.clear_authentication();
select is((select booked_count from public.welcome_slots where id = 90101), 2, 'nothing was cancelled by the refused calls');

-- ============================================================================
-- admins: a whole slot
-- ============================================================================
select tests.authenticate_as('official');
select results_eq($$select * from public.cancel_welcome_slot(90101, '  Flooded  ')$$, $$values (true, 2)$$,
  'an admin cancels a slot and its two bookings');
select results_eq($$select booked_count, cancel_reason, cancelled_at is not null from public.welcome_slots where id = 90101$$,
  $$values (0, 'Flooded', true)$$, 'the places are freed and the reason kept');
select results_eq($$select status, cancelled_by from public.welcome_slot_bookings where slot_id = 90101 order by id$$,
  $$values ('cancelled', 'staff'), ('cancelled', 'staff')$$, 'every booking is cancelled by staff');
select results_eq($$select * from public.cancel_welcome_slot(90101)$$, $$values (false, 0)$$, 'cancelling again changes nothing');
select is((select count(*)::int from public.claim_welcome_slot_cancellation_notices(90101)), 2, 'both guests are claimed for telling');
select is((select count(*)::int from public.claim_welcome_slot_cancellation_notices(90101)), 0, 'a second notifier claims nobody');
select ok(exists (select 1 from public.audit_log where table_name = 'welcome_slots' and row_id = '90101' and actor_id = tests.uid('official')
  and after ->> 'cancelled_at' is not null), 'the audit log names the admin who cancelled');
select throws_ok($$update public.welcome_slots set capacity = 10 where id = 90101$$, '22023',
  'This welcome slot has been cancelled and cannot be changed', 'a cancelled slot cannot be edited');
select throws_ok($$update public.welcome_slots set cancelled_at = now() where id = 90102$$, '22023',
  'Cancel a welcome slot with cancel_welcome_slot, so its guests are told', 'a slot is not cancelled behind its guests'' backs');
select throws_ok($$insert into public.welcome_slots (site_id, starts_at, capacity, cancelled_at) values (9001, now() + interval '5 days', 3, now())$$,
  '22023', 'Create the slot first, then cancel it, so its guests are told', 'a slot is not created cancelled');
select throws_ok($$select * from public.cancel_welcome_slot(90103)$$, '22023', 'This welcome slot has already taken place',
  'a past slot is not cancelled');
select tests.clear_authentication();

-- the outbox releases a failed send
select tests.authenticate_as_service_role();
select public.finish_notifications('welcome_slot_cancellation',
  array[(select id from public.welcome_slot_bookings where email = 'ann@example.com')],
  array[(select id from public.welcome_slot_bookings where email = 'bob@example.com')]);
select results_eq($$select email from public.claim_welcome_slot_cancellation_notices(90101)$$, $$values ('bob@example.com')$$,
  'a failed send is claimed again, a sent one never');
select tests.clear_authentication();

select set_config('tests.dan', (select reference from public.welcome_slot_bookings where email = 'dan@example.com'), true);
select tests.authenticate_as_service_role();
select throws_ok($$insert into public.welcome_slot_bookings (slot_id, name, email) values (90101, 'Eve', 'eve@example.com')$$,
  '22023', 'This welcome slot has been cancelled', 'a cancelled slot takes no bookings');
select tests.authenticate_as_anon();
-- a guest's own cancellation is the guest's, and nobody tells them about it
select ok(public.cancel_welcome_slot_booking(current_setting('tests.dan')),
  'a guest cancels by reference');
select tests.clear_authentication();

-- ============================================================================
-- admins: one booking
-- ============================================================================
select tests.authenticate_as('team');
select ok(public.cancel_welcome_slot_booking_as_staff((select id from public.welcome_slot_bookings where email = 'cat@example.com')),
  'an admin cancels one booking');
select results_eq($$select email, cancelled_by from public.welcome_slot_bookings where slot_id = 90102 order by email$$,
  $$values ('cat@example.com', 'staff'), ('dan@example.com', 'guest')$$, 'who cancelled is stamped on each booking');
select results_eq($$select email from public.claim_welcome_slot_cancellation_notices(90102)$$, $$values ('cat@example.com')$$,
  'only the guest staff cancelled is told');
select tests.clear_authentication();

select * from finish();
rollback;
