-- get_site_list_stats: a site's list in anonymised figures (length, waiting, the top person's
-- joining date, offers in the last year, the estimated wait for someone joining now); anon may
-- call it, and it says nothing about anyone's entry.
begin;
select plan(9);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
select 9001, 'x', 'A', 'B', 'stats' || g || '@example.com', true from generate_series(1, 5) g;
update public.waiting_list_entries set joined_at = timestamptz '2024-03-04 15:30+00' + (substring(email from 'stats(\d)')::int * interval '10 days')
where email like 'stats%@example.com';
-- The list started 183 days ago (about 6.0 months); two places were offered since, one more
-- over a year ago (outside the window), and one applicant accepted.
update public.waiting_list_status_history set changed_at = now() - interval '183 days'
where location_key = 'test site a' and to_status = 'waiting';
update public.waiting_list_entries set status = 'offered' where email in ('stats1@example.com', 'stats2@example.com');
update public.waiting_list_entries set status = 'accepted' where email = 'stats1@example.com';
insert into public.waiting_list_status_history (entry_id, location_key, from_status, to_status, changed_at)
select id, 'test site a', 'waiting', 'offered', now() - interval '400 days' from public.waiting_list_entries where email = 'stats5@example.com';

select tests.authenticate_as_anon();
select results_eq(
  $$select list_length, waiting, top_joined_on, offers_last_year, window_months, estimated_wait_months
    from public.get_site_list_stats('test-site-a')$$,
  $$values (4::bigint, 3::bigint, date '2024-04-03', 2::bigint, 6.0::numeric, 12.0::numeric)$$,
  'anon gets the list''s figures: (3 waiting + 1) × 6.0 months / 2 offers = 12.0 months; the top is the earliest still waiting'
);
select results_eq(
  $$select list_length, waiting, offers_last_year, estimated_wait_months from public.get_site_list_stats('  TEST-SITE-A ')$$,
  $$values (4::bigint, 3::bigint, 2::bigint, 12.0::numeric)$$,
  'the slug is matched trimmed and in any case'
);
select results_eq(
  $$select list_length, waiting, top_joined_on, offers_last_year, window_months, estimated_wait_months
    from public.get_site_list_stats('test-site-b')$$,
  $$values (0::bigint, 0::bigint, null::date, 0::bigint, 12.0::numeric, null::numeric)$$,
  'an empty list: no top date, a whole year''s window, and no estimate without offers'
);
select is_empty($$select * from public.get_site_list_stats('no-such-site')$$, 'an unknown site gives no row');
select tests.clear_authentication();

-- No offer in the last year: the wait cannot be estimated.
update public.waiting_list_status_history set changed_at = now() - interval '2 years'
where location_key = 'test site a' and to_status = 'offered';
select tests.authenticate_as_anon();
select results_eq(
  $$select offers_last_year, estimated_wait_months from public.get_site_list_stats('test-site-a')$$,
  $$values (0::bigint, null::numeric)$$,
  'without offers in the last 12 months there is no estimate'
);
select tests.clear_authentication();

select is(
  (select p.proargnames::text[] from pg_proc p where p.proname = 'get_site_list_stats'),
  array['p_slug', 'list_length', 'waiting', 'top_joined_on', 'offers_last_year', 'window_months', 'estimated_wait_months'],
  'it answers figures only: no name, e-mail, reference or exact time'
);
select ok(has_function_privilege('anon', 'public.get_site_list_stats(text)', 'execute'), 'anon may execute it');
select ok(
  (select p.prosecdef and p.proconfig @> array['search_path=""'] from pg_proc p where p.proname = 'get_site_list_stats'),
  'security definer with an empty search path'
);
select is(
  (select count(*)::int from pg_proc p where p.proname = 'get_site_list_stats'), 1, 'one signature'
);

select * from finish();
rollback;
