-- get_waiting_list_position(reference): the applicant's own entry, their place, the list
-- length and an estimated wait from how many offers the list made in the last year; and
-- withdrawing or updating by reference.
begin;
select plan(12);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'P' || g, 'Q', 'p' || g || '@example.com', true, now() - make_interval(days => 400 - g)
from generate_series(1, 5) g;
select set_config('tests.ref' || substr(email, 2, 1), reference, true) from public.waiting_list_entries where location_key = 'test site a';
update public.waiting_list_status_history h set changed_at = e.joined_at
from public.waiting_list_entries e where e.id = h.entry_id and e.location_key = 'test site a';

select tests.authenticate_as_anon();
select results_eq(
  $$select location, status, queue_position, list_length, moved_last_year, estimated_wait_months
    from public.get_waiting_list_position(current_setting('tests.ref3'))$$,
  $$values ('Test Site A', 'waiting', 3::bigint, 5::bigint, 0::bigint, null::numeric)$$,
  'anon sees their place, the list length, and no estimate before the list has moved'
);
select is_empty($$select * from public.get_waiting_list_position('not-a-reference')$$, 'an unknown reference finds nothing');
select tests.clear_authentication();

select has_function('public', 'get_waiting_list_position', array['text'], 'the position function exists');
select is(
  (select array_agg(a order by a) from unnest((select proargnames from pg_proc where proname = 'get_waiting_list_position')) a
   where a not like 'p\_%'),
  array['estimated_wait_months', 'joined_at', 'list_length', 'location', 'moved_last_year', 'offer_respond_by',
    'offer_token', 'queue_position', 'reference', 'site_id', 'status'],
  'it returns no personal data: no name, e-mail, phone or postcode'
);

-- Two offers over the last year, the list 13 months old: about 6 months per place.
select tests.authenticate_as('pm_a');
select is((select count(*) from public.make_plot_offers(9001, 2)), 2::bigint, 'two offers made');
select tests.clear_authentication();
update public.waiting_list_status_history set changed_at = now() - interval '6 months' where to_status = 'offered' and location_key = 'test site a';

select tests.authenticate_as_anon();
select results_eq(
  $$select queue_position, list_length, moved_last_year, estimated_wait_months
    from public.get_waiting_list_position(current_setting('tests.ref3'))$$,
  $$values (1::bigint, 5::bigint, 2::bigint, 6.0::numeric)$$,
  'after two offers the applicant moves up and gets an estimate from the list''s pace'
);
select results_eq(
  $$select status, queue_position, offer_respond_by is not null, offer_token is not null
    from public.get_waiting_list_position(current_setting('tests.ref1'))$$,
  $$values ('offered', null::bigint, true, true)$$,
  'an applicant with an offer sees its deadline and response token'
);
select tests.clear_authentication();

select tests.authenticate_as_anon();
select ok(public.update_waiting_list_entry(current_setting('tests.ref4'),
  null, 'Newname', '07700 900123', null), 'an applicant updates their details by reference');
select ok(public.withdraw_waiting_list_entry(current_setting('tests.ref5')),
  'an applicant withdraws by reference');
select ok(not public.withdraw_waiting_list_entry('not-a-reference'), 'a wrong reference withdraws nothing');
select tests.clear_authentication();
select results_eq(
  $$select email, last_name, phone, status from public.waiting_list_entries where email in ('p4@example.com', 'p5@example.com') order by email$$,
  $$values ('p4@example.com', 'Newname', '07700 900123', 'waiting'), ('p5@example.com', 'Q', null, 'withdrawn')$$,
  'the update and the withdrawal are stored'
);
select is((select count from public.get_waiting_list_counts(array['Test Site A'])), 4::bigint, 'a withdrawn applicant leaves the count');

select * from finish();
rollback;
