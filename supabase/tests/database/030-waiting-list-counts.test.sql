-- get_waiting_list_counts: one row per name asked, in order, 0 when none; live entries only
-- (waiting or offered); kept by triggers through insert, status change, move and delete.
begin;
select plan(12);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
select 9001, 'x', 'A', 'B', 'a' || g || '@example.com', true from generate_series(1, 3) g;
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
values (null, 'Isle of Testing', 'C', 'D', 'c@example.com', true);

select tests.authenticate_as_anon();
select results_eq(
  $$select location, count from public.get_waiting_list_counts(array['Test Site A', 'Nowhere at all', 'Isle of Testing'])$$,
  $$values ('Test Site A', 3::bigint), ('Nowhere at all', 0::bigint), ('Isle of Testing', 1::bigint)$$,
  'anon gets a count per name asked, in order, 0 for an unknown place'
);
select results_eq(
  $$select count from public.get_waiting_list_counts(array['  test site a '])$$,
  $$values (3::bigint)$$,
  'names match trimmed and case-insensitively'
);
select is_empty($$select * from public.get_waiting_list_counts(array[]::text[])$$, 'no names, no rows');
select tests.clear_authentication();

update public.waiting_list_entries set status = 'offered' where email = 'a1@example.com';
select is((select count from public.get_waiting_list_counts(array['Test Site A'])), 3::bigint, 'an offered applicant still counts');
update public.waiting_list_entries set status = 'accepted' where email = 'a1@example.com';
select is((select count from public.get_waiting_list_counts(array['Test Site A'])), 2::bigint, 'an accepted applicant leaves the count');
update public.waiting_list_entries set status = 'waiting' where email = 'a1@example.com';
select is((select count from public.get_waiting_list_counts(array['Test Site A'])), 3::bigint, 'back to waiting counts again');
update public.waiting_list_entries set site_id = 9002 where email = 'a2@example.com';
select results_eq(
  $$select count from public.get_waiting_list_counts(array['Test Site A', 'Test Site B'])$$,
  $$values (2::bigint), (1::bigint)$$,
  'moving an entry to another site moves its count'
);
delete from public.waiting_list_entries where email = 'a3@example.com';
select is((select count from public.get_waiting_list_counts(array['Test Site A'])), 1::bigint, 'a deleted entry leaves the count');

select is_empty(
  $$select c.location_key from private.waiting_list_counters c
    where c.live_count <> (select count(*) from public.waiting_list_entries e
                           where e.location_key = c.location_key and e.status in ('waiting', 'offered'))$$,
  'every counter equals the live entries it counts'
);
select is_empty(
  $$select e.location_key from public.waiting_list_entries e where e.status in ('waiting', 'offered')
    and not exists (select 1 from private.waiting_list_counters c where c.location_key = e.location_key)$$,
  'every place with live entries has a counter'
);

select tests.authenticate_as_anon();
select throws_ok($$select * from private.waiting_list_counters$$, '42501', 'permission denied for table waiting_list_counters',
  'anon cannot read the counters table itself');
select throws_ok($$select count(*) from public.waiting_list_entries$$, '42501', 'permission denied for table waiting_list_entries',
  'anon cannot read entries: the counts are all it gets');
select tests.clear_authentication();

select * from finish();
rollback;
