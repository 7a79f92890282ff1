-- Community: votes for new sites (one per e-mail per place, counted once confirmed, tallies
-- without voters) and land offers (anyone sends once per submission key, only admins read).
begin;
select plan(24);

select tests.create_actors();
select tests.create_user('expert_a');
insert into public.growing_experts (id, slug, name, published, user_id) values
  (92001, 'test-expert-a', 'Expert A', true, tests.uid('expert_a'));
delete from public.site_votes;

-- ============================================================================
-- votes for a place: cast through the site-votes function (the service role), counted once
-- confirmed; the API roles cannot write them (see also 004-public-writes.test.sql)
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$insert into public.site_votes (location_name, email) values ('Stuffed Town', 'fake@example.com')$$,
  '42501', 'permission denied for table site_votes', 'anon cannot vote by hand');
select tests.authenticate_as_service_role();
select results_eq($$select location_name, confirmed, created from public.cast_site_vote(' Test Town ', 'voter@example.com')$$,
  $$values ('Test Town'::text, false, true)$$, 'a vote is cast, trimmed and unconfirmed');
select results_eq($$select created from public.cast_site_vote('test town', 'VOTER@Example.com')$$,
  $$values (false)$$, 'a second vote for the same place with the same e-mail (any case) finds the first');
select lives_ok($$select public.cast_site_vote('Other Town', 'voter@example.com')$$,
  'the same e-mail may vote for another place');
select lives_ok($$select public.cast_site_vote('TEST TOWN', 'second@example.com')$$,
  'another e-mail may vote for the same place');
select throws_ok($$select public.cast_site_vote('Test Town', 'not-an-email')$$,
  '23514', null, 'a malformed e-mail is refused');
select throws_ok($$select public.cast_site_vote('<b>Town</b>', 'x@example.com')$$,
  '23514', null, 'markup in a place name is refused');
select throws_ok($$select public.cast_site_vote('   ', 'y@example.com')$$,
  '23514', null, 'an empty place is refused');
select tests.authenticate_as_anon();
select throws_ok($$select 1 from public.site_votes$$, '42501', 'permission denied for table site_votes',
  'anon cannot read who voted');
select is_empty($$select * from public.get_site_vote_tallies()$$, 'unconfirmed votes are not counted');
select tests.clear_authentication();
select set_config('tests.vote_tokens', (select string_agg(token, ',') from public.site_votes where email_normalised in ('voter@example.com', 'second@example.com')), true);
select tests.authenticate_as_anon();
select is((select count(*) from unnest(string_to_array(current_setting('tests.vote_tokens'), ',')) t where public.confirm_site_vote(t) is not null),
  3::bigint, 'anyone holding a link confirms its vote');
select throws_ok($$select public.confirm_site_vote('nope')$$, 'PT404', 'No vote has that confirmation link', 'an unknown link is 404');
select results_eq($$select location_name, votes from public.get_site_vote_tallies()$$,
  $$values ('Test Town'::text, 2::bigint), ('Other Town', 1)$$,
  'tallies count confirmed votes per place (compared without case, named as the first voter wrote it), most votes first');
select is((select p.proargnames::text[] from pg_proc p where p.proname = 'get_site_vote_tallies'), array['location_name', 'votes'],
  'the tallies name no voter');
select tests.clear_authentication();

-- ============================================================================
-- anon: offers land
-- ============================================================================
select tests.authenticate_as_anon();
select lives_ok($$insert into public.land_offers (name, email, phone, location, acreage, description, submission_key)
  values ('Land Owner', 'owner@example.com', '+44 1632 960000', 'Near Testford', 4.5, 'Flat field.', '11111111-1111-4111-8111-111111111111')$$,
  'anyone offers land');
select throws_ok($$insert into public.land_offers (name, email, location, submission_key)
  values ('Land Owner', 'owner@example.com', 'Near Testford', '11111111-1111-4111-8111-111111111111')$$,
  '23505', null, 'the same submission sent twice is one offer');
select throws_ok($$insert into public.land_offers (name, email, phone, location) values ('Land Owner', 'owner@example.com', 'call me', 'Testford')$$,
  '23514', null, 'a phone number that is not one is refused');
select throws_ok($$insert into public.land_offers (name, email, location, acreage) values ('Land Owner', 'owner@example.com', 'Testford', 0)$$,
  '23514', null, 'a size of nothing is refused');
select throws_ok($$insert into public.land_offers (name, email, location, acreage) values ('Land Owner', 'owner@example.com', 'Testford', 50000)$$,
  '23514', null, 'an implausible size is refused');
select throws_ok($$insert into public.land_offers (name, email, location, status) values ('Land Owner', 'owner@example.com', 'Testford', 'accepted')$$,
  '42501', 'permission denied for table land_offers', 'anon cannot set the status');
select throws_ok($$select 1 from public.land_offers$$, '42501', 'permission denied for table land_offers',
  'anon cannot read land offers');
select tests.clear_authentication();
select is(tests.count_as('member', 'select 1 from public.land_offers'), 0::bigint, 'a member reads no land offers');
select is(tests.count_as('expert_a', 'select 1 from public.land_offers'), 0::bigint, 'an expert reads no land offers');
select is(tests.count_as('team', $$select 1 from public.land_offers where email = 'owner@example.com'$$), 1::bigint,
  'staff read the offer');

select * from finish();
rollback;
