-- Public forms write only through their functions: the API roles cannot insert into the form
-- tables by hand, guided tours hold their capacity and one booking per person whatever writes
-- them, and per-connection quotas hold under repeated calls.
begin;
select plan(15);

select tests.create_actors();
insert into public.guided_tours (id, site_id, starts_at, capacity, published) values (90201, 9001, now() + interval '3 days', 12, true);

-- ============================================================================
-- anon and members: no direct writes
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$insert into public.waiting_list_entries (location, first_name, last_name, email, consent_privacy)
    values ('Pentest Fake Place', 'P', 'T', 'p@example.com', true)$$,
  '42501', 'permission denied for table waiting_list_entries', 'anon cannot add an entry for an invented place');
select throws_ok($$insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy)
    values (9003, 'P', 'T', 'p@example.com', true)$$,
  '42501', 'permission denied for table pre_registrations', 'anon cannot pre-register by hand');
select throws_ok($$insert into public.guided_tour_bookings (tour_id, location, name, email, party_size)
    values (90201, 'Test Site A', 'Mass', 'mass@example.com', 10)$$,
  '42501', 'permission denied for table guided_tour_bookings', 'anon cannot book a tour by hand');
select throws_ok($$insert into public.welcome_slot_bookings (slot_id, name, email) values (1, 'W', 'w@example.com')$$,
  '42501', 'permission denied for table welcome_slot_bookings', 'anon cannot book a welcome slot by hand');
select tests.authenticate_as('member');
select throws_ok($$insert into public.guided_tour_bookings (tour_id, location, name, email, party_size, user_id)
    values (90201, 'Test Site A', 'Mem', 'member@test.local', 2, tests.uid('member'))$$,
  '42501', 'permission denied for table guided_tour_bookings', 'a member cannot book a tour by hand');
select throws_ok($$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, user_id)
    values (9001, 'x', 'M', 'B', 'member@test.local', true, tests.uid('member'))$$,
  '42501', 'permission denied for table waiting_list_entries', 'a member cannot join a list by hand');
select throws_ok($$select public.take_form_quota('x', 'y', 1, 1, 60)$$,
  '42501', 'permission denied for function take_form_quota', 'members cannot spend or probe quotas');

-- ============================================================================
-- guided tours: capacity and one booking per person, whatever writes them
-- ============================================================================
select tests.authenticate_as_service_role();
select lives_ok($$insert into public.guided_tour_bookings (tour_id, location, name, email, party_size)
    values (90201, 'Test Site A', 'Ten', 'ten@example.com', 10)$$, 'ten of twelve places booked');
select throws_ok($$insert into public.guided_tour_bookings (tour_id, location, name, email, party_size)
    values (90201, 'Test Site A', 'Three', 'three@example.com', 3)$$,
  '23514', 'This guided tour is full', 'a party bigger than the places left is refused');
select throws_ok($$insert into public.guided_tour_bookings (tour_id, location, name, email, party_size)
    values (90201, 'Test Site A', 'Ten again', ' TEN@example.com', 1)$$,
  '23505', 'This e-mail address already has a booking on this tour', 'one live booking per e-mail per tour');
select lives_ok($$insert into public.guided_tour_bookings (tour_id, location, name, email, party_size)
    values (90201, 'Test Site A', 'Two', 'two@example.com', 2)$$, 'the last two places are booked');
select throws_ok($$update public.guided_tour_bookings set party_size = 3 where email = 'two@example.com' and tour_id = 90201$$,
  '23514', 'This guided tour is full', 'a party cannot grow past the capacity');
update public.guided_tour_bookings set status = 'cancelled' where email = 'ten@example.com' and tour_id = 90201;
select lives_ok($$update public.guided_tour_bookings set party_size = 3 where email = 'two@example.com' and tour_id = 90201$$,
  'a cancellation frees its places');

-- ============================================================================
-- quotas: per action and connection, over a window
-- ============================================================================
select results_eq(
  $$select public.take_form_quota('guided_tour:90201', 'client-a', n, 10, 86400) from (values (4), (4), (4), (2)) v (n)$$,
  $$values (true), (true), (false), (true)$$,
  'a connection spends up to its maximum; a use that does not fit is refused and not counted'
);
select ok(public.take_form_quota('guided_tour:90201', 'client-b', 10, 10, 86400), 'another connection has its own quota');
select tests.clear_authentication();

select * from finish();
rollback;
