-- Welcome slots: capacity enforced atomically by locking the slot; cancelling by reference
-- frees a place. Members cancel their own memberships through an RPC.
begin;
select plan(9);

select tests.create_actors();
insert into public.welcome_slots (id, site_id, starts_at, capacity) values (90001, 9001, now() + interval '2 days', 2);

-- Bookings are written by the bookings function (the service role); the capacity holds whatever
-- writes them.
select tests.authenticate_as_service_role();
select lives_ok($$insert into public.welcome_slot_bookings (slot_id, name, email) values (90001, 'One', 'one@example.com')$$, 'first place booked');
select lives_ok($$insert into public.welcome_slot_bookings (slot_id, name, email) values (90001, 'Two', 'two@example.com')$$, 'second place booked');
select throws_ok($$insert into public.welcome_slot_bookings (slot_id, name, email) values (90001, 'Three', 'three@example.com')$$,
  '23514', 'This welcome slot is full', 'a full slot refuses another booking');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.welcome_slot_bookings$$, '42501', 'permission denied for table welcome_slot_bookings',
  'anon cannot read bookings back');
select is((select booked_count from public.welcome_slots where id = 90001), 2, 'anyone sees how full a slot is');
select tests.clear_authentication();
select set_config('tests.booking', (select reference from public.welcome_slot_bookings where email = 'one@example.com'), true);
select tests.authenticate_as_anon();
select ok(public.cancel_welcome_slot_booking(current_setting('tests.booking')), 'a booking is cancelled by its reference');
select tests.authenticate_as_service_role();
select lives_ok($$insert into public.welcome_slot_bookings (slot_id, name, email) values (90001, 'Three', 'three@example.com')$$,
  'the freed place can be booked');
select tests.clear_authentication();

-- membership cancellation
insert into public.members (user_id, first_name, last_name, email) values (tests.uid('member'), 'Mem', 'Ber', 'member@test.local');
insert into public.memberships (id, member_id, site_id, status)
select 90001, id, 9001, 'active' from public.members where user_id = tests.uid('member');
select tests.authenticate_as('impostor');
select throws_ok($$select public.request_membership_cancellation(90001, 'not mine')$$, 'PT404', 'No active membership of yours with that id',
  'nobody cancels another member''s membership');
select tests.authenticate_as('member');
select is((public.request_membership_cancellation(90001, 'Moving away')).status, 'cancellation_requested',
  'a member requests cancellation of their own membership');
select tests.clear_authentication();

select * from finish();
rollback;
