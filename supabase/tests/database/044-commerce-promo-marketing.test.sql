-- Promo bars and marketing spend: anon sees only live bars (by date and site), only admins write
-- them and the audit log names who did; links stay on this site or https; marketing spend per
-- site with the cost per waiting-list sign-up, for admins only.
begin;
select plan(16);

select tests.create_actors();

-- ============================================================================
-- promo bars: anon sees only live bars; only admins write; staff writes are audited
-- ============================================================================
insert into public.promo_bars (id, text, active, starts_at, ends_at, site_id) values
  (91001, 'Live everywhere', true, now() - interval '1 day', now() + interval '1 day', null),
  (91002, 'Ended yesterday', true, now() - interval '3 days', now() - interval '1 day', null),
  (91003, 'Starts tomorrow', true, now() + interval '1 day', null, null),
  (91004, 'Switched off', false, null, null, null),
  (91005, 'Live at site A', true, null, null, 9001);

select tests.authenticate_as_anon();
select results_eq(
  $$select id from public.promo_bars where id between 91001 and 91005 order by id$$,
  $$values (91001::bigint), (91005::bigint)$$,
  'anon reads only active bars inside their dates'
);
select throws_ok($$insert into public.promo_bars (text, active) values ('Anon bar', true)$$,
  '42501', 'permission denied for table promo_bars', 'anon cannot write promo bars');

select tests.authenticate_as('pm_a');
select is((select count(*)::int from public.promo_bars where id between 91001 and 91005), 2,
  'a patch manager sees only the live bars too');
select throws_ok($$insert into public.promo_bars (text, active) values ('PM bar', true)$$,
  '42501', 'new row violates row-level security policy for table "promo_bars"', 'a patch manager cannot add a promo bar');
select is_empty($$update public.promo_bars set text = 'hacked' where id = 91001 returning id$$,
  'a patch manager cannot change a promo bar');

select tests.authenticate_as('team');
select is((select count(*)::int from public.promo_bars where id between 91001 and 91005), 5, 'an admin reads every bar');
select lives_ok($$insert into public.promo_bars (id, text, active, site_id) values (91006, 'Team bar', true, 9002)$$,
  'an admin adds a promo bar for one site');
select throws_ok($$insert into public.promo_bars (text, link) values ('Elsewhere', '//evil.example/offer')$$,
  '23514', null, 'a promo link cannot point to another site with //');
select throws_ok($$insert into public.promo_bars (text, link) values ('Plain', 'http://roots.example')$$,
  '23514', null, 'a promo link is a path or https');
select throws_ok($$insert into public.promo_bars (text, active, starts_at, ends_at) values ('Backwards', true, now(), now() - interval '1 day')$$,
  '23514', null, 'a bar cannot end before it starts');
select tests.clear_authentication();
select is(
  (select count(*)::int from public.audit_log where table_name = 'promo_bars' and row_id = '91006' and action = 'insert'
     and actor_id = tests.uid('team') and actor_role = 'roots_team'),
  1, 'the new bar is in the audit log with its author');

-- ============================================================================
-- marketing: spend per site and cost per waiting-list sign-up
-- ============================================================================
insert into public.marketing_expenses (channel, campaign, amount_pence, spent_on, site_id) values
  ('Social', 'Spring', 3000, date '2030-03-02', 9001),
  ('Print', 'Spring', 1500, date '2030-03-10', 9001),
  ('Radio', 'Brand', 5000, date '2030-03-05', null),
  ('Social', 'Old', 9999, date '2030-02-01', 9001);
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'Test Site A', 'Sign', 'Up' || g, 'signup' || g || '@example.com', true, timestamptz '2030-03-15 12:00+00'
from generate_series(1, 3) g;

select tests.authenticate_as('official');
select results_eq(
  $$select site_id, spend_pence, signups, cost_per_signup_pence from public.marketing_summary(date '2030-03-01', date '2030-03-31')$$,
  $$values (9001::bigint, 4500::bigint, 3::bigint, 1500::bigint), (null::bigint, 9500::bigint, 3::bigint, 3167::bigint)$$,
  'spend and sign-ups per site in the range, and the total with spend on every site'
);
select throws_ok($$select * from public.marketing_summary(date '2030-03-31', date '2030-03-01')$$,
  '22023', 'Choose a date range whose end is not before its start', 'a backwards range is refused');
select throws_ok($$insert into public.marketing_expenses (channel, campaign, amount_pence) values ('Social', '  ', 100)$$,
  '23514', null, 'a campaign needs a name');
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.marketing_summary(date '2030-03-01', date '2030-03-31')$$,
  '42501', 'Only admins can see marketing figures', 'a patch manager cannot see marketing figures');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.marketing_summary(date '2030-03-01', date '2030-03-31')$$,
  '42501', 'permission denied for function marketing_summary', 'anon cannot call the summary');
select tests.clear_authentication();

select * from finish();
rollback;
