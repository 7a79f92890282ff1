-- Hidden rows, counted over whole tables (seed data included): what each actor sees is
-- exactly what their role allows, not just the matrix's fixture row.
begin;
select plan(21);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, user_id)
select s, 'x', 'V', 'W', 'v' || s || '.' || g || '@example.com', true, case when g = 1 then tests.uid('member') end
from unnest(array[9001, 9002]) s, generate_series(1, 3) g;
insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy)
values (9001, 'V', 'W', 'v@example.com', true), (9002, 'V', 'W', 'v@example.com', true);
insert into public.orders (user_id, email, total_pence) values (tests.uid('member'), 'member@test.local', 100), (tests.uid('member'), 'member@test.local', 200);

-- ============================================================================
-- waiting lists
-- ============================================================================
select is(tests.count_as('pm_a', 'select 1 from public.waiting_list_entries'),
  (select count(*) from public.waiting_list_entries where site_id = 9001), 'pm_a sees exactly the entries of site A');
select is(tests.count_as('pm_b', 'select 1 from public.waiting_list_entries'),
  (select count(*) from public.waiting_list_entries where site_id = 9002), 'pm_b sees exactly the entries of site B');
select is(tests.count_as('team', 'select 1 from public.waiting_list_entries'),
  (select count(*) from public.waiting_list_entries), 'an admin sees every entry');
select is(tests.count_as('member', 'select 1 from public.waiting_list_entries'), 2::bigint,
  'a member sees only the entries they made while signed in');
select is(tests.count_as('impostor', 'select 1 from public.waiting_list_entries'), 0::bigint,
  'the impostor sees none');
select is(tests.count_as('pm_a', 'select 1 from public.pre_registrations'),
  (select count(*) from public.pre_registrations where site_id = 9001), 'pm_a sees exactly the pre-registrations of site A');
select is(tests.count_as('pm_a', 'select 1 from public.plot_offers'),
  (select count(*) from public.plot_offers where site_id = 9001), 'pm_a sees no other site''s offers');
select is(tests.count_as('pm_a', 'select 1 from public.message_log'),
  (select count(*) from public.message_log where site_id = 9001), 'pm_a sees no other site''s messages');
select is(tests.count_as('pm_a', 'select 1 from public.waiting_list_categories'),
  (select count(*) from public.waiting_list_categories where site_id is null or site_id = 9001), 'pm_a sees the shared categories and site A''s');

-- ============================================================================
-- admin data a patch manager does not see
-- ============================================================================
select is(tests.count_as('pm_a', 'select 1 from public.audit_log'), 0::bigint, 'pm_a reads no audit log');
select is(tests.count_as('pm_a', 'select 1 from public.orders'), 0::bigint, 'pm_a reads no orders');
select is(tests.count_as('pm_a', 'select 1 from public.tasks'), 0::bigint, 'pm_a reads no tasks');
select is(tests.count_as('pm_a', 'select 1 from public.profiles'), 1::bigint, 'pm_a reads only their own profile');
select is(tests.count_as('pm_a', 'select 1 from public.land_offers'), 0::bigint, 'pm_a reads no land offers');

-- ============================================================================
-- published content
-- ============================================================================
select is(tests.count_as('anon', 'select 1 from public.blogs'), (select count(*) from public.blogs where published), 'anon sees the published blogs only');
select is(tests.count_as('anon', 'select 1 from public.events'), (select count(*) from public.events where published), 'anon sees the published events only');
select is(tests.count_as('anon', 'select 1 from public.products'), (select count(*) from public.products where active), 'anon sees active products only');
select is(tests.count_as('anon', 'select 1 from public.promo_bars'),
  (select count(*) from public.promo_bars where active and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())),
  'anon sees live promo bars only');
select is(tests.count_as('anon', 'select 1 from public.global_sites'), (select count(*) from public.global_sites), 'anon sees every site');
select is(tests.count_as('member', 'select 1 from public.orders'), 2::bigint,
  'a member sees their own orders only');
select is(tests.count_as('founder', 'select 1 from public.orders'), (select count(*) from public.orders), 'an admin sees every order');

select * from finish();
rollback;
