-- Data rights: export by private reference or signed in (only the person's own rows, never those
-- of someone sharing a name), one open erasure request per person, completion by admins only
-- (personal columns erased, live entries withdrawn with history, nobody else's place moved, audit
-- copies scrubbed, completion notice owed), bad input refused with clear errors, and the
-- retention job over back-dated rows.
begin;
select plan(47);

select tests.create_actors();
-- Ann (two lists, one message, one booking), another Ann Smith with another address, and Bob
-- who joined Test Site A after Ann.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, phone, postcode, notes, consent_privacy, joined_at)
values
  (9001, 'x', 'Ann', 'Smith', 'Ann@Example.com', '07700 900001', 'BA1 1AA', 'near the gate please', true, now() - interval '30 days'),
  (9002, 'x', 'Ann', 'Smith', 'ann@example.com', null, null, null, true, now() - interval '20 days'),
  (9001, 'x', 'Ann', 'Smith', 'other.ann@example.com', null, null, null, true, now() - interval '25 days'),
  (9001, 'x', 'Bob', 'Jones', 'bob@example.com', null, null, null, true, now() - interval '10 days');
create temp table t_ref as
select (select reference from public.waiting_list_entries where email = 'Ann@Example.com') as ann,
       (select reference from public.waiting_list_entries where email = 'other.ann@example.com') as other_ann,
       (select reference from public.waiting_list_entries where email = 'bob@example.com') as bob,
       (select id from public.waiting_list_entries where email = 'Ann@Example.com') as ann_id,
       (select id from public.waiting_list_entries where email = 'bob@example.com') as bob_id;
grant select on t_ref to anon, authenticated, service_role;
insert into public.message_log (entry_id, site_id, channel, recipient, subject, status)
select ann_id, 9001, 'email', 'ann@example.com', 'Your place at Test Site A', 'sent' from t_ref;
insert into public.welcome_slots (id, site_id, starts_at, capacity) values (99100, 9001, now() + interval '5 days', 5);
insert into public.welcome_slot_bookings (slot_id, name, email) values (99100, 'Ann Smith', 'ann@example.com');
create temp table t_before as
select (select joined_at from public.waiting_list_entries where email = 'bob@example.com') as bob_joined,
       (select queue_position from public.get_waiting_list_position((select bob from t_ref))) as bob_position,
       (select list_length from public.get_waiting_list_position((select bob from t_ref))) as list_length;

-- == Export ==
select tests.authenticate_as_anon();
select is(jsonb_array_length(public.export_my_data((select ann from t_ref)) -> 'waiting_list_entries'), 2,
  'by reference: both of Ann''s entries (same address, any case)');
select ok(not (public.export_my_data((select ann from t_ref))::text like '%other.ann@example.com%'),
  'the other Ann Smith (same name, another address) is not in Ann''s export');
select ok(not (public.export_my_data((select ann from t_ref))::text like '%bob@example.com%'), 'nor is anyone else');
select is(jsonb_array_length(public.export_my_data((select ann from t_ref)) -> 'messages_sent'), 1, 'the messages sent to her');
select is(jsonb_array_length(public.export_my_data((select ann from t_ref)) -> 'welcome_slot_bookings'), 1, 'her booking');
select ok(jsonb_array_length(public.export_my_data((select ann from t_ref)) -> 'consents') >= 2, 'her consents, with when');
select ok(jsonb_array_length(public.export_my_data((select ann from t_ref)) -> 'waiting_list_status_history') >= 2,
  'the history of her entries');
select is(public.export_my_data((select ann from t_ref)) -> 'account', 'null'::jsonb, 'a reference shows no account data');
select throws_ok($$select public.export_my_data('0123456789abcdef0123456789abcdef')$$, 'PT404',
  'No entry has that reference', 'an unknown reference is not found');
select throws_ok($$select public.export_my_data(repeat('a', 5000))$$, 'PT404',
  'No entry has that reference', 'an absurd reference is not found');
select throws_ok($$select public.export_my_data(null)$$, '42501',
  'Use the private reference from your e-mail, or sign in', 'anon without a reference gets nothing');
select tests.clear_authentication();

-- Signed in: the member's account and what their address holds.
update public.waiting_list_entries set email = 'member@test.local' where email = 'bob@example.com';
select tests.authenticate_as('member');
select is(public.export_my_data() -> 'account' ->> 'email', 'member@test.local', 'signed in: the account');
select is(jsonb_array_length(public.export_my_data() -> 'waiting_list_entries'), 1, 'signed in: the entries under the account''s address');
select tests.clear_authentication();
update public.waiting_list_entries set email = 'bob@example.com' where email = 'member@test.local';

-- == Requests ==
select is(tests.attempt('anon', $$select public.request_data_erasure('0123456789abcdef0123456789abcdef')$$),
  'error:No entry has that reference', 'a request with an unknown reference is refused');
select tests.authenticate_as_anon();
select isnt((select id from public.request_data_erasure((select ann from t_ref))), null, 'Ann asks by reference');
select throws_ok($$select public.request_data_erasure((select ann from t_ref))$$, '22023', null,
  'asking again while the request is open is refused');
select tests.clear_authentication();
select is((select count(*)::integer from public.data_erasure_requests), 1, 'one request, not two');
select results_eq($$select kind, email from private.data_rights_notices$$,
  $$values ('received'::text, 'ann@example.com'::text)$$, 'an acknowledgement is owed to her address');
select is(tests.attempt('anon', 'select * from public.data_erasure_requests'),
  'error:permission denied for table data_erasure_requests', 'anon reads no requests');
select is(tests.count_as('member', 'select * from public.data_erasure_requests'), 0::bigint, 'a member reads no requests');
select is(tests.count_as('pm_a', 'select * from public.data_erasure_requests'), 1::bigint,
  'the patch manager of one of her sites reads it');
select is(tests.count_as('official', 'select * from public.data_erasure_requests'), 1::bigint, 'admins read it');
select is(tests.attempt('official', $$update public.data_erasure_requests set status = 'completed'$$),
  'error:permission denied for table data_erasure_requests', 'nobody writes a request by hand');

-- What staff wrote about her entry, and her opt-in to monthly updates.
insert into public.waiting_list_events (entry_id, location_key, kind, reason)
select ann_id, 'test site a', 'moved', 'Ann Smith asked to be moved, see her e-mail' from t_ref;
update public.waiting_list_entries set monthly_updates = true where id = (select ann_id from t_ref);

-- == Completion ==
select is(tests.attempt('pm_a', $$select public.complete_data_erasure((select id from public.data_erasure_requests))$$),
  'error:Only admins can complete erasure requests', 'a patch manager cannot complete it');
select is(tests.attempt('official', $$select public.complete_data_erasure(-1)$$),
  'error:Erasure request not found', 'an unknown request is not found');
select tests.authenticate_as('official');
select ok(public.complete_data_erasure((select id from public.data_erasure_requests)) ? 'waiting_list_entries', 'an admin completes it');
select throws_ok($$select public.complete_data_erasure((select id from public.data_erasure_requests))$$, '22023',
  'This erasure request is already completed', 'completing twice is refused');
select tests.clear_authentication();

select is((select count(*)::integer from public.waiting_list_entries
           where lower(email) = 'ann@example.com' or first_name = 'Ann' and email not like 'other.ann%'), 0,
  'no entry keeps her name or address');
select results_eq($$select first_name, last_name, phone, postcode, notes, status from public.waiting_list_entries where id = (select ann_id from t_ref)$$,
  $$values ('Erased'::text, 'Erased'::text, null::text, null::text, null::text, 'withdrawn'::text)$$,
  'her entry is anonymised and withdrawn');
select ok(exists (select 1 from public.waiting_list_status_history h where h.entry_id = (select ann_id from t_ref)
  and h.to_status = 'withdrawn'), 'the withdrawal is in the status history, which stays for the statistics');
select is((select joined_at from public.waiting_list_entries where id = (select bob_id from t_ref)), (select bob_joined from t_before),
  'Bob''s joining time is untouched');
select is((select queue_position from public.get_waiting_list_position((select bob from t_ref))), (select bob_position - 1 from t_before),
  'Bob moves up by one, as when anyone leaves');
select is_empty($$select * from public.get_waiting_list_position((select ann from t_ref))$$,
  'her old reference finds nothing');
select is((select count(*)::integer from public.audit_log where concat(before::text, after::text, changes::text, actor_email) ilike '%ann@example.com%'), 0,
  'no audit entry keeps her address');
select is((select count(*)::integer from public.message_log where recipient ilike '%ann@example.com%'), 0, 'the message log forgot her');
select ok(exists (select 1 from public.audit_log a where a.table_name = 'waiting_list_entries' and a.row_id = (select ann_id::text from t_ref)
    and a.actor_id = tests.uid('official') and a.after ? '_personal_data_erased'),
  'the audit log still records what the admin changed, with the personal values erased');
select ok(exists (select 1 from public.audit_log a where a.table_name = 'data_erasure_requests'
    and a.actor_id = tests.uid('official') and a.changes -> 'status' ->> 'after' = 'completed'),
  'the completion itself is in the audit log, naming the admin');
select is((select name from public.welcome_slot_bookings where slot_id = 99100), 'Erased', 'her booking is anonymised');
select results_eq($$select e.reason, w.monthly_updates from public.waiting_list_events e join public.waiting_list_entries w on w.id = e.entry_id
    where e.entry_id = (select ann_id from t_ref) and e.kind = 'moved'$$,
  $$values ('Erased'::text, false)$$, 'what staff wrote about her is erased (the event stays) and her opt-in is off');
select results_eq($$select status, email, display_name from public.data_erasure_requests$$,
  $$values ('completed'::text, null::text, null::text)$$, 'the request keeps only its status and counts');
select results_eq($$select kind, email from private.data_rights_notices where kind = 'completed'$$,
  $$values ('completed'::text, 'ann@example.com'::text)$$, 'the completion notice is owed to the address she had');

-- == Retention ==
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
values (9001, 'x', 'Old', 'Leaver', 'old.leaver@example.com', true), (9001, 'x', 'New', 'Leaver', 'new.leaver@example.com', true),
  (9001, 'x', 'Still', 'Waiting', 'still.waiting@example.com', true);
create temp table t_leavers as
select (select id from public.waiting_list_entries where email = 'old.leaver@example.com') as old_id,
       (select id from public.waiting_list_entries where email = 'new.leaver@example.com') as new_id,
       (select id from public.waiting_list_entries where email = 'still.waiting@example.com') as waiting_id;
update public.waiting_list_entries set status = 'withdrawn' where email in ('old.leaver@example.com', 'new.leaver@example.com');
update public.waiting_list_status_history set changed_at = now() - interval '13 months'
where entry_id in (select old_id from t_leavers union all select waiting_id from t_leavers);
insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy, status)
values (9003, 'Pre', 'Old', 'pre.old@example.com', true, 'withdrawn');
-- Back-dated past the trigger that stamps updated_at (rolled back with the test).
alter table public.pre_registrations disable trigger pre_registrations_set_updated_at;
update public.pre_registrations set updated_at = now() - interval '13 months' where email = 'pre.old@example.com';
alter table public.pre_registrations enable trigger pre_registrations_set_updated_at;
insert into public.message_log (channel, recipient, subject, status, created_at)
values ('email', 'ancient@example.com', 'Hello', 'sent', now() - interval '25 months'),
  ('email', 'recent@example.com', 'Hello', 'sent', now() - interval '23 months');
select lives_ok($$select private.act_as_scheduler(); select private.run_data_retention()$$, 'the retention job runs as the scheduler');
select tests.clear_authentication();
select results_eq($$select first_name, email like 'erased+%@erased.invalid' from public.waiting_list_entries
    where id in (select old_id from t_leavers union all select new_id from t_leavers union all select waiting_id from t_leavers) order by id$$,
  $$values ('Erased'::text, true), ('New'::text, false), ('Still'::text, false)$$,
  'withdrawn 13 months ago: anonymised; withdrawn today or still waiting (however long): kept');
select is((select count(*)::integer from public.pre_registrations where email = 'pre.old@example.com'), 0,
  'a pre-registration withdrawn 13 months ago is anonymised');
select results_eq($$select recipient from public.message_log where subject is not distinct from null and recipient in ('erased')
    and created_at < now() - interval '24 months' union all select recipient from public.message_log where recipient = 'recent@example.com'$$,
  $$values ('erased'::text), ('recent@example.com'::text)$$,
  'message log lines older than 24 months forget the recipient; newer ones stay');
select is((select count(*)::integer from public.audit_log where concat(before::text, after::text, changes::text) ilike '%old.leaver@%'), 0,
  'the job leaves no audit copy of what it erased');
select ok(exists (select 1 from cron.job where jobname = 'data-retention'), 'the retention job is scheduled');

select * from finish();
rollback;
