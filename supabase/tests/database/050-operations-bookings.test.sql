-- Bookings: welcome slots hold their capacity atomically (the slot row is locked) and free a place
-- when a booking is cancelled by its reference; guided tours take parties up to their capacity.
begin;
select plan(9);

select tests.create_actors();
insert into public.welcome_slots (id, site_id, starts_at, capacity) values (90001, 9001, now() + interval '2 days', 2);

-- ============================================================================
-- welcome slots: capacity under a lock, cancelling by reference
-- ============================================================================

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

-- ============================================================================
-- guided tours: places by party size
-- ============================================================================
select tests.authenticate_as_service_role();
insert into public.guided_tours (id, site_id, starts_at, capacity) values (9901, 9001, now() + interval '3 days', 3);
select lives_ok($$select * from public.book_guided_tour(9901, 'A', 'a@test.local', null, 2)$$, 'a party of two fits');
select throws_ok($$select * from public.book_guided_tour(9901, 'B', 'b@test.local', null, 2)$$, '23514', 'This guided tour is full',
  'a second party of two does not');

select * from finish();
rollback;
