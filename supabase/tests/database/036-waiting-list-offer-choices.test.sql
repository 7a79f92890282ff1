-- Fairer offers (20250108000100_offer_choices.sql): offers to a category or plot size that pass
-- on within it; staff extending a deadline (checked, recorded, told); a viewing booked by the
-- offer's token before answering (moving a close deadline); the per-site rule that a first
-- decline keeps the applicant's place; and "keep your place?" for the other entries of someone
-- who accepted a plot, answered by token or lapsing after 14 days.
begin;
select plan(67);

select tests.create_actors();
insert into public.waiting_list_categories (id, site_id, name) values
  (9101, 9001, 'Accessible plot'), (9102, 9002, 'Raised beds at B');
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at,
  category_id, plot_size_preference) values
  (9001, 'x', 'A1', 'R', 'a1@example.com', true, now() - interval '100 days', 9101, null),
  (9001, 'x', 'A2', 'R', 'a2@example.com', true, now() - interval '90 days', null, 'full'),
  (9001, 'x', 'A3', 'R', 'a3@example.com', true, now() - interval '80 days', 9101, 'half'),
  (9001, 'x', 'A4', 'R', 'a4@example.com', true, now() - interval '70 days', null, 'half'),
  (9001, 'x', 'A5', 'R', 'a5@example.com', true, now() - interval '60 days', 9101, null),
  (9001, 'x', 'A6', 'R', 'a6@example.com', true, now() - interval '50 days', null, 'any'),
  -- a2's other live entries: another site, and a waiting-list-only place
  (9002, 'x', 'A2', 'R', 'A2@example.com', true, now() - interval '30 days', null, null),
  (null, 'Elsewhere Fields', 'A2', 'R', 'a2@example.com', true, now() - interval '20 days', null, null);
insert into public.welcome_slots (id, site_id, starts_at, capacity) values
  (90101, 9001, now() + interval '2 days', 5),
  (90102, 9001, now() + interval '6 days 12 hours', 5),
  (90103, 9002, now() + interval '2 days', 5),
  (90104, 9001, now() + interval '20 days', 5);

create function pg_temp.entry(p_email text) returns bigint language sql as
  $$ select id from public.waiting_list_entries where email = p_email and site_id = 9001 $$;
create function pg_temp.offer_to(p_email text) returns public.plot_offers language sql as
  $$ select o.* from public.plot_offers o where o.entry_id = pg_temp.entry(p_email) order by o.id desc limit 1 $$;
create function pg_temp.remember(p_name text, p_email text) returns text language sql as
  $$ select set_config('tests.' || p_name, (pg_temp.offer_to(p_email)).response_token, true) $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- ============================================================================
-- offers to a category or a plot size, passed on within it
-- ============================================================================
select tests.authenticate_as('pm_a');
select results_eq(
  $$select e.email from public.make_plot_offers(9001, 1, 7, 9101) o join public.waiting_list_entries e on e.id = o.entry_id$$,
  $$values ('a1@example.com')$$,
  'an offer to a category goes to the first in the queue of that category'
);
select results_eq(
  $$select e.email from public.make_plot_offers(9001, 1, 7, null, 'half') o join public.waiting_list_entries e on e.id = o.entry_id$$,
  $$values ('a3@example.com')$$,
  'an offer of a half plot skips those who want a full one'
);
select throws_ok($$select * from public.make_plot_offers(9001, 1, 7, 9102)$$, '22023', 'That category is not one of this site''s',
  'a category of another site is refused');
select throws_ok($$select * from public.make_plot_offers(9001, 1, 7, null, 'huge')$$, '22023', 'A plot size is half or full',
  'an unknown plot size is refused');
select tests.authenticate_as('pm_b');
select throws_ok($$select * from public.make_plot_offers(9001, 1, 7, 9101)$$, '42501', 'Not allowed to make offers at this site',
  'the patch manager of another site cannot make category offers here');
select tests.clear_authentication();
select results_eq(
  $$select category_id, plot_size from public.plot_offers where entry_id in (pg_temp.entry('a1@example.com'), pg_temp.entry('a3@example.com')) order by id$$,
  $$values (9101::bigint, null::text), (null, 'half')$$,
  'each offer records the category or size it was made to'
);
select pg_temp.remember('a1', 'a1@example.com');
select tests.authenticate_as('pm_a');
select is(
  (public.make_plot_offers_once('choices-key-1', 9001, 1, 7, 9101) -> 'offers' -> 0 ->> 'entry_id')::bigint,
  pg_temp.entry('a5@example.com'),
  'the idempotent offer takes a category too (a3 is offered already, so a5)'
);
select tests.clear_authentication();
update public.plot_offers set status = 'withdrawn' where entry_id = pg_temp.entry('a5@example.com');
update public.waiting_list_entries set status = 'waiting' where id = pg_temp.entry('a5@example.com');

select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.a1'), false), 'declined', 'a1 declines');
select tests.clear_authentication();
select results_eq(
  $$select e.email, o.category_id from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    where o.status = 'offered' and o.category_id is not null$$,
  $$values ('a5@example.com', 9101::bigint)$$,
  'the declined place passes to the next applicant of the same category'
);
select is((select status from public.waiting_list_entries where id = pg_temp.entry('a1@example.com')), 'declined',
  'where the site keeps no place on a decline, the applicant leaves the list');

update public.plot_offers set offered_at = now() - interval '10 days', respond_by = now() - interval '1 day'
where entry_id = pg_temp.entry('a3@example.com');
select tests.authenticate_as('pm_a');
select ok(public.expire_plot_offers(9001) >= 1, 'the overdue half-plot offer expires');
select tests.clear_authentication();
select results_eq(
  $$select o.plot_size from public.plot_offers o where o.entry_id = pg_temp.entry('a4@example.com') and o.status = 'offered'$$,
  $$values ('half'::text)$$,
  'the expired half plot passes to the next applicant wanting a half plot (a4, not a2 who wants a full one)'
);
select is((select status from public.waiting_list_entries where id = pg_temp.entry('a2@example.com')), 'waiting',
  'the applicant wanting a full plot is still waiting');

-- ============================================================================
-- staff extend a deadline
-- ============================================================================
select set_config('tests.a4_offer', (pg_temp.offer_to('a4@example.com')).id::text, true);
select set_config('tests.a4_due', (pg_temp.offer_to('a4@example.com')).respond_by::text, true);
select set_config('tests.a1_offer', (pg_temp.offer_to('a1@example.com')).id::text, true);
select tests.authenticate_as('pm_b');
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() + interval '10 days', 'Away')$$,
  '42501', 'Not allowed to change offers at this site', 'the patch manager of another site cannot extend');
select tests.authenticate_as_anon();
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() + interval '10 days', 'Away')$$,
  '42501', 'permission denied for function extend_plot_offer', 'anon cannot extend');
select tests.authenticate_as('pm_a');
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() - interval '1 day', 'Away')$$,
  '22023', 'The new deadline must be in the future', 'a past date is refused');
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() + interval '61 days', 'Away')$$,
  '22023', 'The new deadline can be at most 60 days away', 'more than 60 days is refused');
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() + interval '1 day', 'Away')$$,
  '22023', 'The new deadline must be later than the current one', 'an earlier deadline is not an extension');
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() + interval '10 days', '  ')$$,
  '22023', 'Give a reason for the extension (up to 500 characters)', 'a reason is needed');
select throws_ok($$select public.extend_plot_offer(current_setting('tests.a1_offer')::bigint, now() + interval '10 days', 'Away')$$,
  '22023', 'This offer is closed: only an open offer can be extended', 'a closed offer cannot be extended');
select throws_ok($$select public.extend_plot_offer(-1, now() + interval '10 days', 'Away')$$,
  'PT404', 'Offer not found', 'an unknown offer is not found');
select is((pg_temp.offer_to('a4@example.com')).respond_by, current_setting('tests.a4_due')::timestamptz,
  'refused extensions change nothing');
select is(
  (public.extend_plot_offer(current_setting('tests.a4_offer')::bigint, now() + interval '10 days', 'On holiday') ->> 'old_respond_by')::timestamptz,
  current_setting('tests.a4_due')::timestamptz,
  'the patch manager extends the deadline and is told the old one'
);
select tests.clear_authentication();
select is((pg_temp.offer_to('a4@example.com')).respond_by, now() + interval '10 days', 'the offer has the new deadline');
select results_eq(
  $$select cause, extended_by, old_respond_by, new_respond_by, reason from private.plot_offer_extensions
    where offer_id = current_setting('tests.a4_offer')::bigint$$,
  $$values ('staff'::text, tests.uid('pm_a'), current_setting('tests.a4_due')::timestamptz, now() + interval '10 days', 'On holiday'::text)$$,
  'the extension records who, old and new deadline and the reason'
);
select tests.authenticate_as('pm_a');
select results_eq(
  $$select reason from public.plot_offer_extensions_at(9001)$$, $$values ('On holiday'::text)$$,
  'staff of the site see the extension'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$select email, (details ->> 'new_respond_by')::timestamptz, details ->> 'reason' from public.claim_offer_choice_notices('offer_extension')$$,
  $$values ('a4@example.com'::text, now() + interval '10 days', 'On holiday'::text)$$,
  'the applicant is owed an e-mail with the new deadline'
);
select is_empty($$select * from public.claim_offer_choice_notices('offer_extension')$$, 'and is told once');
select tests.authenticate_as('official');
select throws_ok($$select * from public.claim_offer_choice_notices('offer_extension')$$, '42501',
  'permission denied for function claim_offer_choice_notices', 'only the functions claim these notices');

-- ============================================================================
-- per-site decline rule: a first decline keeps the place
-- ============================================================================
select tests.authenticate_as('pm_a');
update public.global_sites set first_decline_keeps_place = true where id = 9001;
select tests.authenticate_as('official');
select is((select count(*)::int from public.global_sites where id = 9001 and first_decline_keeps_place), 0,
  'a patch manager cannot change the site''s decline rule (as the site''s other settings)');
update public.global_sites set first_decline_keeps_place = true where id = 9001;
select tests.clear_authentication();
select pg_temp.remember('a4', 'a4@example.com');
select is(public.plot_offer_choices(current_setting('tests.a4')) ->> 'decline_keeps_place', 'true',
  'the offer page can tell the applicant a first decline keeps their place');
select set_config('tests.a4_joined', (select joined_at::text from public.waiting_list_entries where id = pg_temp.entry('a4@example.com')), true);
select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.a4'), false), 'declined', 'a4 declines a first time');
select tests.clear_authentication();
select results_eq(
  $$select status, joined_at from public.waiting_list_entries where id = pg_temp.entry('a4@example.com')$$,
  $$values ('waiting'::text, current_setting('tests.a4_joined')::timestamptz)$$,
  'a first decline returns the applicant to waiting with their original join date'
);
select results_eq(
  $$select from_status, to_status from public.waiting_list_status_history where entry_id = pg_temp.entry('a4@example.com') order by id desc limit 1$$,
  $$values ('offered'::text, 'waiting'::text)$$,
  'the return to the list is in the entry''s history'
);
select results_eq(
  $$select e.email from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    where o.status = 'offered' and o.plot_size = 'half'$$,
  $$values ('a6@example.com'::text)$$,
  'the place passes to the next applicant, never back to the one who declined'
);
select is(public.plot_offer_choices(current_setting('tests.a4')) ->> 'kept_place', 'true', 'the answered offer says the place was kept');
update public.plot_offers set status = 'withdrawn' where entry_id = pg_temp.entry('a6@example.com') and status = 'offered';
update public.waiting_list_entries set status = 'withdrawn' where id = pg_temp.entry('a6@example.com');
select tests.authenticate_as('pm_a');
select results_eq(
  $$select e.email from public.make_plot_offers(9001, 1, 7, null, 'half') o join public.waiting_list_entries e on e.id = o.entry_id$$,
  $$values ('a4@example.com')$$,
  'having kept their place, they are next in line again'
);
select tests.clear_authentication();
select pg_temp.remember('a4b', 'a4@example.com');
select is(public.plot_offer_choices(current_setting('tests.a4b')) ->> 'decline_keeps_place', 'false',
  'a second decline would not keep the place, and the page says so');
select tests.authenticate_as_anon();
select public.respond_to_plot_offer(current_setting('tests.a4b'), false);
select tests.clear_authentication();
select is((select status from public.waiting_list_entries where id = pg_temp.entry('a4@example.com')), 'declined',
  'a second decline removes the applicant');

-- ============================================================================
-- a viewing before answering
-- ============================================================================
update public.global_sites set first_decline_keeps_place = false where id = 9001;
select tests.authenticate_as('pm_a');
select results_eq(
  $$select e.email from public.make_plot_offers(9001, 1, 7, null, 'full') o join public.waiting_list_entries e on e.id = o.entry_id$$,
  $$values ('a2@example.com')$$,
  'a2 is offered a full plot'
);
select tests.clear_authentication();
select pg_temp.remember('a2', 'a2@example.com');
select set_config('tests.a2_due', (pg_temp.offer_to('a2@example.com')).respond_by::text, true);
select results_eq(
  $$select (s ->> 'id')::bigint from jsonb_array_elements(public.plot_offer_choices(current_setting('tests.a2')) -> 'slots') s$$,
  $$values (90101::bigint), (90102)$$,
  'the offer page lists the site''s welcome slots before the deadline'
);
select tests.authenticate_as_anon();
select throws_ok($$select public.book_offer_viewing(current_setting('tests.a2'), 90101)$$, '42501',
  'permission denied for function book_offer_viewing', 'viewings are booked through the function only');
select tests.authenticate_as_service_role();
select throws_ok($$select public.book_offer_viewing(current_setting('tests.a2'), 90103)$$, '22023',
  'That viewing time is not one of this site''s', 'a slot at another site is refused');
select throws_ok($$select public.book_offer_viewing(current_setting('tests.a2'), 90104)$$, '22023',
  'Choose a viewing before your deadline', 'a slot after the deadline is refused');
select is(public.book_offer_viewing(current_setting('tests.a2'), 90101) ->> 'extended', 'false',
  'a viewing well before the deadline leaves it alone');
select tests.clear_authentication();
select results_eq(
  $$select b.email, b.status, w.booked_count from public.welcome_slot_bookings b join public.welcome_slots w on w.id = b.slot_id
    where b.slot_id = 90101$$,
  $$values ('a2@example.com'::text, 'booked'::text, 1)$$,
  'the viewing is a place on the welcome slot, in the applicant''s name'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$select email, (details ->> 'starts_at')::timestamptz from public.claim_offer_choice_notices('offer_viewing')$$,
  $$values ('a2@example.com'::text, now() + interval '2 days')$$,
  'the viewing is owed a confirmation e-mail'
);
select throws_ok($$select public.book_offer_viewing(current_setting('tests.a2'), 90102)$$, '23514',
  'You already have a viewing booked: cancel it first to choose another time', 'one viewing at a time');
select ok(public.cancel_offer_viewing(current_setting('tests.a2')), 'the applicant cancels the viewing');
select tests.clear_authentication();
select results_eq(
  $$select status, cancelled_by from public.welcome_slot_bookings where slot_id = 90101$$,
  $$values ('cancelled'::text, 'guest'::text)$$,
  'the place is given back as the guest''s own cancellation (no staff-cancellation notice)'
);
select tests.authenticate_as_service_role();
select is((public.book_offer_viewing(current_setting('tests.a2'), 90102) ->> 'respond_by')::timestamptz,
  now() + interval '8 days 12 hours', 'a viewing within a day of the deadline moves it to two days after the viewing');
select tests.clear_authentication();
select results_eq(
  $$select cause, old_respond_by, new_respond_by from private.plot_offer_extensions where offer_id = (pg_temp.offer_to('a2@example.com')).id$$,
  $$values ('viewing'::text, current_setting('tests.a2_due')::timestamptz, now() + interval '8 days 12 hours')$$,
  'the move is recorded as an extension caused by the viewing'
);

-- ============================================================================
-- one plot at a time: "keep your place?"
-- ============================================================================
select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.a2'), true), 'accepted', 'after the viewing a2 accepts');
select tests.clear_authentication();
select results_eq(
  $$select e.site_id, q.status, q.due_by from private.keep_place_questions q join public.waiting_list_entries e on e.id = q.entry_id
    order by e.site_id nulls last$$,
  $$values (9002::bigint, 'asked'::text, now() + interval '14 days'), (null, 'asked', now() + interval '14 days')$$,
  'each other live entry of the same e-mail is asked to keep its place, for 14 days'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$select location, details ->> 'accepted_location' from public.claim_offer_choice_notices('keep_place_question') order by site_id nulls last$$,
  $$values ('Test Site B'::text, 'Test Site A'::text), ('Elsewhere Fields', 'Test Site A')$$,
  'each is owed a "keep your place?" e-mail'
);
select tests.clear_authentication();
select set_config('tests.q_b', (select q.token from private.keep_place_questions q join public.waiting_list_entries e on e.id = q.entry_id where e.site_id = 9002), true);
select tests.authenticate_as_service_role();
select is(public.answer_keep_place(current_setting('tests.q_b'), false), 'withdrawn', 'answering no withdraws that entry');
select is(public.answer_keep_place(current_setting('tests.q_b'), false), 'withdrawn', 'the same answer again changes nothing');
select throws_ok($$select public.answer_keep_place(current_setting('tests.q_b'), true)$$, '22023',
  'This question has already been answered', 'a different answer afterwards is refused');
select tests.clear_authentication();
select results_eq(
  $$select e.status, h.from_status from public.waiting_list_entries e
    join public.waiting_list_status_history h on h.entry_id = e.id and h.to_status = 'withdrawn' where e.site_id = 9002$$,
  $$values ('withdrawn'::text, 'waiting'::text)$$,
  'the withdrawal is in the entry''s status history'
);
update private.keep_place_questions set due_by = now() - interval '1 minute' where status = 'asked';
select is(private.lapse_keep_place_questions(), 1, 'the scheduled job withdraws the unanswered entry');
select tests.clear_authentication();
select results_eq(
  $$select e.status, q.status from public.waiting_list_entries e join private.keep_place_questions q on q.entry_id = e.id
    where e.location = 'Elsewhere Fields'$$,
  $$values ('withdrawn'::text, 'lapsed'::text)$$,
  'the unanswered entry is withdrawn and its question lapsed'
);
create function pg_temp.owed(p_kind text) returns boolean language plpgsql as $f$
declare v boolean;
begin
  execute format('select exists (%s)', (select k.pending_query from private.notification_kinds k where k.kind = p_kind)) into v;
  return v;
end $f$;
select results_eq(
  $$select k.kind, k.function_path, k.request ->> 'action' from private.notification_kinds k
    where k.kind in ('offer_extension', 'offer_viewing', 'keep_place_question', 'keep_place_lapsed') order by k.kind$$,
  $$values ('keep_place_lapsed'::text, 'waiting-list-process'::text, 'notify_choices'::text),
    ('keep_place_question', 'waiting-list-process', 'notify_choices'), ('offer_extension', 'waiting-list-process', 'notify_choices'),
    ('offer_viewing', 'waiting-list-process', 'notify_choices')$$,
  'the four kinds of mail are drained by waiting-list-process'
);
select ok(pg_temp.owed('keep_place_lapsed'), 'the drain sees the lapse notice owed');
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_offer_choice_notices('keep_place_lapsed')), 1, 'and the applicant is owed a notice');
select tests.clear_authentication();
select ok(not pg_temp.owed('keep_place_lapsed') and not pg_temp.owed('keep_place_question') and not pg_temp.owed('offer_extension'),
  'once claimed, nothing more is owed');
select ok(private.drain_notification_outboxes() >= 0, 'the drain runs every kind''s query without error');
select is((select count(*)::int from cron.job where jobname = 'keep-place-lapse'), 1, 'the lapse runs on a schedule');

select * from finish();
rollback;
