-- Data rights (UK GDPR): a person downloads everything held about them and asks for
-- erasure; admins complete erasure requests; retention rules run as scheduled jobs.
-- - Who a person is: the e-mail address (normalised) their private reference was sent to, or the
--   signed-in account (auth.uid() and the account's e-mail). Never a name, never an e-mail alone:
--   anon reaches data only with a reference (128 random bits), which is the key.
-- - Export: public.export_my_data(reference) assembles one JSON document. A reference shows the
--   waiting-list side (entries, their history and offers, pre-registrations, bookings, messages,
--   votes, reminder sign-ups); money and membership records need the account (signed in).
-- - Erasure: public.request_data_erasure(reference) files a request (one open per person) and owes
--   an acknowledgement; public.complete_data_erasure(id), admins only, anonymises every personal
--   column, withdraws live entries (status history kept, nobody else's order touched: joined_at,
--   site_id and location of no row change), deletes the account, scrubs the audit rows that
--   copied the data, and owes a completion notice to the address it held (mailed, then the
--   address is dropped). Financial rows stay (HMRC: 6 years) with their personal columns erased.
-- - Retention: private.run_data_retention(), daily at 02:45 UTC (see docs/architecture.md).
-- - Mail: private.data_rights_notices, drained by the data-rights function (kind
--   data_rights_notice in private.notification_kinds).

-- == Tables ==

create table public.data_erasure_requests (
  id bigint generated always as identity primary key,
  -- The address the person is known by; null once the request is completed.
  email text check (email is null or (length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  email_normalised text generated always as (lower(trim(email))) stored,
  user_id uuid references auth.users (id) on delete set null,
  display_name text check (display_name is null or length(display_name) <= 201),
  source text not null check (source in ('reference', 'account')),
  -- The sites of the person's entries when they asked: patch managers of those sites may read it.
  site_ids bigint[] not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'completed')),
  requested_at timestamptz not null default now(),
  completed_at timestamptz,
  completed_by uuid,
  -- How many rows of each table were erased (counts only).
  summary jsonb,
  constraint data_erasure_requests_completed check ((status = 'completed') = (completed_at is not null)),
  constraint data_erasure_requests_nothing_kept check (status = 'pending' or (email is null and user_id is null and display_name is null))
);
comment on table public.data_erasure_requests is
  'Requests to erase a person''s data: filed by reference or signed in, completed by an admin (complete_data_erasure).';
create unique index data_erasure_requests_one_open_per_email on public.data_erasure_requests (email_normalised)
  where status = 'pending';
create index data_erasure_requests_status_idx on public.data_erasure_requests (status, requested_at desc);
create index data_erasure_requests_user_id_idx on public.data_erasure_requests (user_id);
-- The patch managers' policy filters on the sites.
create index data_erasure_requests_site_ids_idx on public.data_erasure_requests using gin (site_ids);
alter table public.data_erasure_requests enable row level security;

-- Mail owed about a request: the acknowledgement and the completion notice. The address is kept
-- here only until the notice is sent.
create table private.data_rights_notices (
  id bigint generated always as identity primary key,
  request_id bigint not null references public.data_erasure_requests (id) on delete cascade,
  kind text not null check (kind in ('received', 'completed')),
  email text,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (request_id, kind),
  constraint data_rights_notices_address check (sent_at is not null or email is not null)
);
create index data_rights_notices_owed_idx on private.data_rights_notices (id) where sent_at is null;
alter table private.data_rights_notices enable row level security;

insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('data_rights_notice', 'other', 'data-rights', '{"action": "notify"}',
   $q$select 1 from private.data_rights_notices n
      where n.sent_at is null and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')$q$,
   'An erasure request''s acknowledgement or completion notice (claims live in private.data_rights_notices).');

-- == Functions ==

-- The columns that hold personal data in any row image the audit log keeps.
create or replace function private.personal_keys()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['first_name', 'last_name', 'full_name', 'name', 'display_name', 'email', 'email_normalised',
    'phone', 'postcode', 'address', 'notes', 'recipient', 'subject', 'buyer_email', 'buyer_name',
    'recipient_name', 'recipient_email', 'message', 'cv_url', 'cancellation_reason', 'description',
    'reference', 'token', 'response_token', 'reason']
$$;

-- A row image with its personal values replaced by "erased" (and marked, so a job does it once).
create or replace function private.scrub_row_image(p jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when p is null or jsonb_typeof(p) <> 'object' then p else
    (select coalesce(jsonb_object_agg(k.key,
        case when k.key = any (private.personal_keys()) and k.value <> 'null'::jsonb then '"erased"'::jsonb else k.value end), '{}'::jsonb)
     from jsonb_each(p) k) || '{"_personal_data_erased": true}'::jsonb
  end
$$;

-- The changed fields of an audit entry with personal values replaced.
create or replace function private.scrub_changes(p jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when p is null or jsonb_typeof(p) <> 'object' then p else
    (select coalesce(jsonb_object_agg(k.key,
        case when k.key = any (private.personal_keys()) then '{"before": "erased", "after": "erased"}'::jsonb else k.value end), '{}'::jsonb)
     from jsonb_each(p) k)
  end
$$;

-- Scrubs the audit entries of these rows of one table (the copies an erasure must not leave).
create or replace function private.scrub_audit(p_table text, p_ids text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  update public.audit_log a
  set before = private.scrub_row_image(a.before), after = private.scrub_row_image(a.after),
      changes = private.scrub_changes(a.changes)
  where a.table_name = p_table and a.row_id = any (p_ids);
  get diagnostics v_n = row_count;
  return v_n;
end;
$$;

-- The placeholder address of an erased row: unique, passes every e-mail check, reaches nobody.
create or replace function private.erased_email(p_table text, p_id bigint)
returns text
language sql
immutable
set search_path = ''
as $$ select 'erased+' || p_table || '-' || p_id || '@erased.invalid' $$;

-- Anonymises waiting-list entries: live ones are withdrawn first (the status history records
-- it; their offers are withdrawn too). Only personal columns change: joined_at, site_id and
-- location stay, so nobody else's place moves and the list's statistics stay whole.
create or replace function private.anonymise_entries(p_ids bigint[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  if coalesce(cardinality(p_ids), 0) = 0 then
    return 0;
  end if;
  update public.plot_offers o set status = 'withdrawn', responded_at = now()
  where o.entry_id = any (p_ids) and o.status = 'offered';
  update public.waiting_list_entries w set status = 'withdrawn'
  where w.id = any (p_ids) and w.status in ('waiting', 'offered');
  update public.plot_offers o set response_token = encode(extensions.gen_random_bytes(16), 'hex')
  where o.entry_id = any (p_ids);
  update public.waiting_list_entries w
  set first_name = 'Erased', last_name = 'Erased', email = private.erased_email('entry', w.id),
      phone = null, postcode = null, notes = null, consent_marketing = false, monthly_updates = false, user_id = null,
      reference = encode(extensions.gen_random_bytes(16), 'hex')
  where w.id = any (p_ids);
  get diagnostics v_n = row_count;
  -- What staff wrote about the entry, and the links that act for it.
  update public.waiting_list_events e set reason = case when e.kind = 'moved' then 'Erased' end
  where e.entry_id = any (p_ids) and e.reason is not null;
  perform private.scrub_audit('waiting_list_events',
    (select array_agg(e.id::text) from public.waiting_list_events e where e.entry_id = any (p_ids)));
  update private.plot_offer_extensions x set reason = 'Erased' where x.entry_id = any (p_ids);
  update private.keep_place_questions q set token = encode(extensions.gen_random_bytes(16), 'hex')
  where q.entry_id = any (p_ids);
  update private.waiting_list_import_rows r set messages = '{}' where r.entry_id = any (p_ids);
  perform private.scrub_audit('message_log', (select array_agg(m.id::text) from public.message_log m where m.entry_id = any (p_ids)));
  update public.message_log m set recipient = 'erased', subject = null
  where m.entry_id = any (p_ids) and m.recipient <> 'erased';
  perform private.scrub_audit('message_log', (select array_agg(m.id::text) from public.message_log m where m.entry_id = any (p_ids)));
  perform private.scrub_audit('waiting_list_entries', (select array_agg(i::text) from unnest(p_ids) i));
  perform private.scrub_audit('plot_offers',
    (select array_agg(o.id::text) from public.plot_offers o where o.entry_id = any (p_ids)));
  return v_n;
end;
$$;

create or replace function private.anonymise_pre_registrations(p_ids bigint[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  if coalesce(cardinality(p_ids), 0) = 0 then
    return 0;
  end if;
  update public.pre_registrations p set status = 'withdrawn'
  where p.id = any (p_ids) and p.status = 'registered';
  update public.pre_registrations p
  set first_name = 'Erased', last_name = 'Erased', email = private.erased_email('prereg', p.id),
      phone = null, postcode = null, consent_marketing = false, user_id = null,
      reference = encode(extensions.gen_random_bytes(16), 'hex')
  where p.id = any (p_ids);
  get diagnostics v_n = row_count;
  perform private.scrub_audit('pre_registrations', (select array_agg(i::text) from unnest(p_ids) i));
  return v_n;
end;
$$;

-- The e-mail address a private reference (an entry's or a pre-registration's) was sent to.
create or replace function private.reference_email(p_reference text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select w.email_normalised from public.waiting_list_entries w where w.reference = p_reference),
    (select p.email_normalised from public.pre_registrations p where p.reference = p_reference)
  )
$$;

-- Who the caller is for their data rights: by reference (anyone holding it), else signed in.
create or replace function private.data_subject(p_reference text, out email text, out user_id uuid, out source text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if nullif(trim(coalesce(p_reference, '')), '') is not null then
    if length(p_reference) > 100 then
      raise exception 'No entry has that reference' using errcode = 'PT404';
    end if;
    email := private.reference_email(lower(trim(p_reference)));
    if email is null then
      raise exception 'No entry has that reference' using errcode = 'PT404';
    end if;
    source := 'reference';
    return;
  end if;
  user_id := auth.uid();
  if user_id is null then
    raise exception 'Use the private reference from your e-mail, or sign in' using errcode = '42501';
  end if;
  select lower(trim(u.email)) into email from auth.users u where u.id = user_id;
  source := 'account';
end;
$$;

-- Everything held about a person, as one document. p_uid null (a reference): the waiting-list
-- side only. Secrets that act for the person (offer tokens) are left out; references are theirs.
create or replace function private.person_data(p_email text, p_uid uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with entries as (
    select w.* from public.waiting_list_entries w
    where w.email_normalised = p_email or (p_uid is not null and w.user_id = p_uid)
  ),
  members as (
    select m.* from public.members m
    where p_uid is not null and (m.user_id = p_uid or lower(trim(m.email)) = p_email)
  ),
  orders as (
    select o.* from public.orders o
    where p_uid is not null and (o.user_id = p_uid or lower(trim(o.email)) = p_email)
  )
  select jsonb_build_object(
    'generated_at', now(),
    'subject', jsonb_build_object('email', p_email, 'signed_in', p_uid is not null),
    'waiting_list_entries', coalesce((select jsonb_agg(to_jsonb(e) - 'email_normalised' - 'location_key' order by e.id) from entries e), '[]'),
    'waiting_list_status_history', coalesce((select jsonb_agg(jsonb_build_object('entry_id', h.entry_id,
        'from_status', h.from_status, 'to_status', h.to_status, 'changed_at', h.changed_at) order by h.id)
      from public.waiting_list_status_history h where h.entry_id in (select id from entries)), '[]'),
    'plot_offers', coalesce((select jsonb_agg(to_jsonb(o) - 'response_token' - 'location_key' - 'offered_by' order by o.id)
      from public.plot_offers o where o.entry_id in (select id from entries)), '[]'),
    'waiting_list_events', coalesce((select jsonb_agg(to_jsonb(v) - 'actor_id' - 'location_key' order by v.id)
      from public.waiting_list_events v where v.entry_id in (select id from entries)), '[]'),
    'plot_offer_extensions', coalesce((select jsonb_agg(to_jsonb(x) - 'extended_by' order by x.id)
      from private.plot_offer_extensions x where x.entry_id in (select id from entries)), '[]'),
    'pre_registrations', coalesce((select jsonb_agg(to_jsonb(p) - 'email_normalised' order by p.id)
      from public.pre_registrations p where p.email_normalised = p_email or (p_uid is not null and p.user_id = p_uid)), '[]'),
    'welcome_slot_bookings', coalesce((select jsonb_agg(to_jsonb(b) - 'email_normalised' order by b.id)
      from public.welcome_slot_bookings b where b.email_normalised = p_email or (p_uid is not null and b.user_id = p_uid)), '[]'),
    'guided_tour_bookings', coalesce((select jsonb_agg(to_jsonb(b) order by b.id)
      from public.guided_tour_bookings b where lower(trim(b.email)) = p_email or (p_uid is not null and b.user_id = p_uid)), '[]'),
    'messages_sent', coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'channel', m.channel, 'recipient', m.recipient,
        'subject', m.subject, 'status', m.status, 'entry_id', m.entry_id, 'created_at', m.created_at) order by m.id)
      from public.message_log m where lower(trim(m.recipient)) = p_email or m.entry_id in (select id from entries)), '[]'),
    'site_votes', coalesce((select jsonb_agg(to_jsonb(v) - 'token' - 'email_normalised' order by v.id)
      from public.site_votes v where v.email_normalised = p_email), '[]'),
    'sowing_reminder_signups', coalesce((select jsonb_agg(to_jsonb(s) - 'email_normalised' order by s.id)
      from public.sowing_reminder_signups s where s.email_normalised = p_email), '[]'),
    'consents', coalesce((select jsonb_agg(c order by c ->> 'given_at') from (
        select jsonb_build_object('what', 'waiting list: privacy notice', 'given', e.consent_privacy, 'given_at', e.consented_at, 'entry_id', e.id) c from entries e
        union all
        select jsonb_build_object('what', 'waiting list: news and growing tips', 'given', e.consent_marketing, 'given_at', e.consented_at, 'entry_id', e.id) from entries e
        union all
        select jsonb_build_object('what', 'waiting list: monthly position updates', 'given', e.monthly_updates, 'entry_id', e.id) from entries e
        union all
        select jsonb_build_object('what', 'seed-sowing reminders: ' || s.consent_text, 'given', s.consent, 'given_at', s.consented_at,
          'withdrawn_at', s.unsubscribed_at) from public.sowing_reminder_signups s where s.email_normalised = p_email
      ) x), '[]'),
    'career_applications', coalesce((select jsonb_agg(to_jsonb(a) - 'email_normalised' order by a.id)
      from public.career_applications a where p_uid is not null and a.email_normalised = p_email), '[]'),
    'land_offers', coalesce((select jsonb_agg(to_jsonb(l) - 'submission_key' order by l.id)
      from public.land_offers l where p_uid is not null and lower(trim(l.email)) = p_email), '[]'),
    'account', case when p_uid is null then null else (
      select jsonb_build_object('id', u.id, 'email', u.email, 'phone', u.phone, 'created_at', u.created_at,
        'last_sign_in_at', u.last_sign_in_at, 'full_name', p.full_name, 'profile_phone', p.phone)
      from auth.users u left join public.profiles p on p.id = u.id where u.id = p_uid) end,
    'members', coalesce((select jsonb_agg(to_jsonb(m) order by m.id) from members m), '[]'),
    'memberships', coalesce((select jsonb_agg(to_jsonb(s) - 'subscription_ref' order by s.id)
      from public.memberships s where s.member_id in (select id from members)), '[]'),
    'membership_changes', coalesce((select jsonb_agg(to_jsonb(c) - 'request_key' - 'provider_ref' order by c.id)
      from private.membership_changes c
      where c.membership_id in (select s.id from public.memberships s where s.member_id in (select id from members))), '[]'),
    'orders', coalesce((select jsonb_agg(to_jsonb(o) - 'checkout_session_id' - 'idempotency_key' order by o.id) from orders o), '[]'),
    'order_items', coalesce((select jsonb_agg(to_jsonb(i) order by i.id)
      from public.order_items i where i.order_id in (select id from orders)), '[]'),
    'deposits', coalesce((select jsonb_agg(to_jsonb(d) order by d.id)
      from public.deposits d where p_uid is not null and (d.user_id = p_uid or lower(trim(d.email)) = p_email)), '[]'),
    'gift_vouchers', coalesce((select jsonb_agg(to_jsonb(g) order by g.id)
      from public.gift_vouchers g where p_uid is not null
        and (g.buyer_user_id = p_uid or lower(trim(g.buyer_email)) = p_email or lower(trim(g.recipient_email)) = p_email)), '[]'),
    'data_erasure_requests', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'status', r.status,
        'requested_at', r.requested_at, 'completed_at', r.completed_at) order by r.id)
      from public.data_erasure_requests r where r.email_normalised = p_email or (p_uid is not null and r.user_id = p_uid)), '[]')
  )
$$;

-- Download my data: by private reference (anyone holding it) or signed in (no reference).
create or replace function public.export_my_data(p_reference text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s record;
begin
  select * into s from private.data_subject(p_reference);
  return private.person_data(s.email, s.user_id);
end;
$$;
comment on function public.export_my_data(text) is
  'Everything held about the caller as JSON: by private reference (waiting-list side) or signed in (everything).';

-- Delete my data: files the request (one open per person) and owes an acknowledgement.
create or replace function public.request_data_erasure(p_reference text default null)
returns table (id bigint, requested_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
  v_account_email text;
  v_name text;
  v_sites bigint[];
  v_id bigint;
  v_at timestamptz;
begin
  select * into s from private.data_subject(p_reference);
  if s.email is null then
    raise exception 'Your account has no e-mail address to answer to' using errcode = '22023';
  end if;
  if exists (select 1 from public.data_erasure_requests r
             where r.status = 'pending' and (r.email_normalised = s.email or (s.user_id is not null and r.user_id = s.user_id))) then
    raise exception 'You have already asked us to erase your data: we are working on it and will e-mail you when it is done'
      using errcode = '22023';
  end if;
  select coalesce(
      (select w.first_name || ' ' || w.last_name from public.waiting_list_entries w
       where w.email_normalised = s.email order by w.joined_at desc limit 1),
      (select p.first_name || ' ' || p.last_name from public.pre_registrations p
       where p.email_normalised = s.email order by p.created_at desc limit 1),
      (select f.full_name from public.profiles f where f.id = s.user_id))
    into v_name;
  select coalesce(array_agg(distinct x.site_id) filter (where x.site_id is not null), '{}') into v_sites from (
    select w.site_id from public.waiting_list_entries w where w.email_normalised = s.email or (s.user_id is not null and w.user_id = s.user_id)
    union all
    select p.site_id from public.pre_registrations p where p.email_normalised = s.email or (s.user_id is not null and p.user_id = s.user_id)
  ) x;
  insert into public.data_erasure_requests (email, user_id, display_name, source, site_ids)
  values (s.email, s.user_id, left(v_name, 201), s.source, v_sites)
  returning data_erasure_requests.id, data_erasure_requests.requested_at into v_id, v_at;
  insert into private.data_rights_notices (request_id, kind, email) values (v_id, 'received', s.email);
  return query select v_id, v_at;
end;
$$;
comment on function public.request_data_erasure(text) is
  'Asks for the caller''s data to be erased (by private reference or signed in); one open request per person.';

-- Erases everything held about one person (e-mail and, if known, account); returns counts.
create or replace function private.erase_person(p_email text, p_uid uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids bigint[];
  v_n integer;
  v_summary jsonb := '{}';
  v_member_ids bigint[];
begin
  -- The waiting list.
  select coalesce(array_agg(w.id), '{}') into v_ids from public.waiting_list_entries w
  where w.email_normalised = p_email or (p_uid is not null and w.user_id = p_uid);
  v_summary := v_summary || jsonb_build_object('waiting_list_entries', private.anonymise_entries(v_ids));
  select coalesce(array_agg(p.id), '{}') into v_ids from public.pre_registrations p
  where p.email_normalised = p_email or (p_uid is not null and p.user_id = p_uid);
  v_summary := v_summary || jsonb_build_object('pre_registrations', private.anonymise_pre_registrations(v_ids));

  -- Bookings.
  with x as (
    update public.welcome_slot_bookings b
    set name = 'Erased', email = private.erased_email('booking', b.id), phone = null, user_id = null,
        reference = encode(extensions.gen_random_bytes(16), 'hex')
    where b.email_normalised = p_email or (p_uid is not null and b.user_id = p_uid)
    returning b.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('welcome_slot_bookings', cardinality(v_ids));
  perform private.scrub_audit('welcome_slot_bookings', v_ids::text[]);
  with x as (
    update public.guided_tour_bookings b
    set name = 'Erased', email = private.erased_email('tour', b.id), phone = null, user_id = null,
        reference = encode(extensions.gen_random_bytes(16), 'hex')
    where lower(trim(b.email)) = p_email or (p_uid is not null and b.user_id = p_uid)
    returning b.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('guided_tour_bookings', cardinality(v_ids));
  perform private.scrub_audit('guided_tour_bookings', v_ids::text[]);

  -- Messages, votes, reminders, applications, offers of land.
  with x as (
    update public.message_log m set recipient = 'erased', subject = null where lower(trim(m.recipient)) = p_email
    returning m.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('message_log', cardinality(v_ids));
  perform private.scrub_audit('message_log', v_ids::text[]);
  with x as (
    update public.site_votes v set email = private.erased_email('vote', v.id), postcode = null,
      token = encode(extensions.gen_random_bytes(16), 'hex')
    where v.email_normalised = p_email returning v.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('site_votes', cardinality(v_ids));
  perform private.scrub_audit('site_votes', v_ids::text[]);
  with x as (
    update public.sowing_reminder_signups s set email = private.erased_email('reminder', s.id), name = null,
      unsubscribed_at = coalesce(s.unsubscribed_at, now())
    where s.email_normalised = p_email returning s.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('sowing_reminder_signups', cardinality(v_ids));
  perform private.scrub_audit('sowing_reminder_signups', v_ids::text[]);
  with x as (
    update public.career_applications a set name = 'Erased', email = private.erased_email('application', a.id),
      cv_url = 'https://erased.invalid', message = null
    where a.email_normalised = p_email returning a.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('career_applications', cardinality(v_ids));
  perform private.scrub_audit('career_applications', v_ids::text[]);
  with x as (
    update public.land_offers l set name = 'Erased', email = private.erased_email('land', l.id), phone = null, description = null
    where lower(trim(l.email)) = p_email returning l.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('land_offers', cardinality(v_ids));
  perform private.scrub_audit('land_offers', v_ids::text[]);

  -- Money and membership: the records stay (6 years, HMRC), their personal columns go.
  with x as (
    update public.members m set first_name = 'Erased', last_name = 'Erased', email = private.erased_email('member', m.id),
      phone = null, address = null, user_id = null
    where (p_uid is not null and m.user_id = p_uid) or lower(trim(m.email)) = p_email returning m.id
  )
  select coalesce(array_agg(x.id), '{}') into v_member_ids from x;
  v_summary := v_summary || jsonb_build_object('members', cardinality(v_member_ids));
  perform private.scrub_audit('members', v_member_ids::text[]);
  with x as (
    update public.memberships s set cancellation_reason = null
    where s.member_id = any (v_member_ids) returning s.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  perform private.scrub_audit('memberships', v_ids::text[]);
  update private.membership_changes c set reason = null where c.membership_id = any (v_ids);
  with x as (
    update public.orders o set email = private.erased_email('order', o.id), user_id = null
    where (p_uid is not null and o.user_id = p_uid) or lower(trim(o.email)) = p_email returning o.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('orders', cardinality(v_ids));
  perform private.scrub_audit('orders', v_ids::text[]);
  with x as (
    update public.deposits d set email = private.erased_email('deposit', d.id), user_id = null
    where (p_uid is not null and d.user_id = p_uid) or lower(trim(d.email)) = p_email returning d.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('deposits', cardinality(v_ids));
  perform private.scrub_audit('deposits', v_ids::text[]);
  with x as (
    update public.gift_vouchers g
    set buyer_email = case when (p_uid is not null and g.buyer_user_id = p_uid) or lower(trim(g.buyer_email)) = p_email
          then private.erased_email('voucher', g.id) else g.buyer_email end,
        buyer_name = case when (p_uid is not null and g.buyer_user_id = p_uid) or lower(trim(g.buyer_email)) = p_email
          then null else g.buyer_name end,
        buyer_user_id = case when g.buyer_user_id = p_uid then null else g.buyer_user_id end,
        recipient_name = case when lower(trim(g.recipient_email)) = p_email then null else g.recipient_name end,
        recipient_email = case when lower(trim(g.recipient_email)) = p_email then null else g.recipient_email end,
        message = null
    where (p_uid is not null and g.buyer_user_id = p_uid) or lower(trim(g.buyer_email)) = p_email
       or lower(trim(g.recipient_email)) = p_email
    returning g.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_summary := v_summary || jsonb_build_object('gift_vouchers', cardinality(v_ids));
  perform private.scrub_audit('gift_vouchers', v_ids::text[]);

  -- Copies the local providers recorded.
  delete from private.provider_calls c where lower(trim(c.request ->> 'to')) = p_email;

  -- The account: an expert's public profile keeps its words but loses the sign-in; the audit
  -- log keeps what the person did (as staff) without their name or address; the profile and the
  -- sign-in go.
  if p_uid is not null then
    update public.growing_experts g set user_id = null where g.user_id = p_uid;
    update public.audit_log a set actor_email = null, actor_name = 'Erased' where a.actor_id = p_uid;
    delete from auth.users u where u.id = p_uid;
    get diagnostics v_n = row_count;
    v_summary := v_summary || jsonb_build_object('account', v_n);
    perform private.scrub_audit('profiles', array[p_uid::text]);
  end if;
  update public.audit_log a set actor_email = null, actor_name = 'Erased' where lower(trim(a.actor_email)) = p_email;
  return v_summary;
end;
$$;

-- An admin completes a request: the completion notice is owed to the address first, then the
-- person's data is erased and the request keeps only counts.
create or replace function public.complete_data_erasure(p_request_id bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.data_erasure_requests;
  v_summary jsonb;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only admins can complete erasure requests' using errcode = '42501';
  end if;
  select * into r from public.data_erasure_requests d where d.id = p_request_id for update;
  if not found then
    raise exception 'Erasure request not found' using errcode = 'PT404';
  end if;
  if r.status = 'completed' then
    raise exception 'This erasure request is already completed' using errcode = '22023';
  end if;
  insert into private.data_rights_notices (request_id, kind, email) values (r.id, 'completed', r.email);
  v_summary := private.erase_person(r.email_normalised, r.user_id);
  update public.data_erasure_requests d
  set status = 'completed', completed_at = now(), completed_by = auth.uid(), email = null, user_id = null,
      display_name = null, summary = v_summary
  where d.id = r.id;
  perform private.scrub_audit('data_erasure_requests', array[r.id::text]);
  return v_summary;
end;
$$;
comment on function public.complete_data_erasure(bigint) is
  'Admins: erases the requester''s personal data (anonymised rows, counts kept) and completes the request.';

-- The data-rights function claims the notices owed (a claim older than 10 minutes is retried).
create or replace function public.claim_data_rights_notices()
returns table (id bigint, request_id bigint, kind text, email text)
language sql
security definer
set search_path = ''
as $$
  with owed as (
    select n.id from private.data_rights_notices n
    where n.sent_at is null and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')
    order by n.id
    limit 100
    for update skip locked
  )
  update private.data_rights_notices n set claimed_at = now()
  from owed where n.id = owed.id
  returning n.id, n.request_id, n.kind, n.email
$$;

-- Sent notices forget their address; failed ones are released for the next run.
create or replace function public.finish_data_rights_notices(p_sent bigint[], p_failed bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  update private.data_rights_notices n set sent_at = now(), email = null
  where n.id = any (coalesce(p_sent, '{}')) and n.sent_at is null;
  update private.data_rights_notices n set claimed_at = null
  where n.id = any (coalesce(p_failed, '{}')) and n.sent_at is null;
$$;

-- Retention, run daily by pg_cron (p_now only for tests):
-- - waiting-list entries withdrawn, removed, expired or declined: anonymised 12 months after
--   their last status change;
-- - pre-registrations withdrawn or converted (the entry holds the details): anonymised 12 months
--   after their last change;
-- - welcome-slot and guided-tour bookings: anonymised 12 months after the slot or tour;
-- - message log: recipient and subject erased after 24 months;
-- - audit rows of tables that hold personal data: personal values erased after 24 months.
create or replace function private.run_data_retention(p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids bigint[];
  v_entries integer;
  v_prereg integer;
  v_messages integer;
  v_audit integer;
  v_bookings integer;
begin
  select coalesce(array_agg(w.id), '{}') into v_ids
  from public.waiting_list_entries w
  where w.status in ('withdrawn', 'removed', 'expired', 'declined')
    and w.email not like 'erased+%@erased.invalid'
    and coalesce((select max(h.changed_at) from public.waiting_list_status_history h where h.entry_id = w.id), w.updated_at)
      < p_now - interval '12 months';
  v_entries := private.anonymise_entries(v_ids);
  select coalesce(array_agg(p.id), '{}') into v_ids
  from public.pre_registrations p
  where p.status in ('withdrawn', 'converted') and p.email not like 'erased+%@erased.invalid'
    and p.updated_at < p_now - interval '12 months';
  v_prereg := private.anonymise_pre_registrations(v_ids);
  with x as (
    update public.welcome_slot_bookings b
    set name = 'Erased', email = private.erased_email('booking', b.id), phone = null, user_id = null
    from public.welcome_slots w
    where w.id = b.slot_id and w.starts_at < p_now - interval '12 months' and b.email not like 'erased+%@erased.invalid'
    returning b.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_bookings := cardinality(v_ids);
  perform private.scrub_audit('welcome_slot_bookings', v_ids::text[]);
  with x as (
    update public.guided_tour_bookings b
    set name = 'Erased', email = private.erased_email('tour', b.id), phone = null, user_id = null
    where b.email not like 'erased+%@erased.invalid'
      and coalesce((select t.starts_at from public.guided_tours t where t.id = b.tour_id), b.preferred_date::timestamptz, b.created_at)
        < p_now - interval '12 months'
    returning b.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_bookings := v_bookings + cardinality(v_ids);
  perform private.scrub_audit('guided_tour_bookings', v_ids::text[]);
  with x as (
    update public.message_log m set recipient = 'erased', subject = null
    where m.created_at < p_now - interval '24 months' and m.recipient <> 'erased'
    returning m.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  v_messages := cardinality(v_ids);
  perform private.scrub_audit('message_log', v_ids::text[]);
  update public.audit_log a
  set before = private.scrub_row_image(a.before), after = private.scrub_row_image(a.after),
      changes = private.scrub_changes(a.changes), actor_email = null,
      actor_name = case when a.actor_name is null then null else 'Erased' end
  where a.created_at < p_now - interval '24 months'
    and a.table_name in ('waiting_list_entries', 'waiting_list_events', 'pre_registrations', 'plot_offers', 'welcome_slot_bookings',
      'guided_tour_bookings', 'members', 'memberships', 'orders', 'deposits', 'gift_vouchers', 'profiles',
      'career_applications', 'land_offers', 'sowing_reminder_signups', 'site_votes', 'message_log',
      'data_erasure_requests')
    and not coalesce(coalesce(a.after, a.before) ? '_personal_data_erased', false);
  get diagnostics v_audit = row_count;
  return jsonb_build_object('waiting_list_entries', v_entries, 'pre_registrations', v_prereg,
    'bookings', v_bookings, 'message_log', v_messages, 'audit_log', v_audit);
end;
$$;

-- == Triggers ==

create trigger data_erasure_requests_audit after insert or update or delete on public.data_erasure_requests
  for each row execute function private.audit_write();

-- == Policies ==

create policy "Admins can read erasure requests" on public.data_erasure_requests
  for select to authenticated using ((select private.is_admin()));
create policy "Patch managers can read erasure requests of their sites' applicants" on public.data_erasure_requests
  for select to authenticated using (site_ids && (select private.managed_site_ids())::bigint[]);

-- == Grants ==

-- Read through RLS; written only by the RPCs.
grant select on public.data_erasure_requests to authenticated;
grant select on public.data_erasure_requests to service_role;
revoke all on private.data_rights_notices from anon, authenticated;
grant select on private.data_rights_notices to service_role;
revoke all on function private.personal_keys(), private.scrub_row_image(jsonb), private.scrub_changes(jsonb),
  private.scrub_audit(text, text[]), private.erased_email(text, bigint), private.anonymise_entries(bigint[]),
  private.anonymise_pre_registrations(bigint[]), private.reference_email(text), private.data_subject(text),
  private.person_data(text, uuid), private.erase_person(text, uuid), private.run_data_retention(timestamptz)
  from public, anon, authenticated;
revoke all on function public.export_my_data(text), public.request_data_erasure(text),
  public.complete_data_erasure(bigint), public.claim_data_rights_notices(),
  public.finish_data_rights_notices(bigint[], bigint[]) from public, anon, authenticated;
-- The person: anon holds only the private reference; signed in, their own account.
grant execute on function public.export_my_data(text), public.request_data_erasure(text)
  to anon, authenticated, service_role;
-- Admins (checked inside).
grant execute on function public.complete_data_erasure(bigint) to authenticated, service_role;
-- The data-rights function, as the service role.
grant execute on function public.claim_data_rights_notices(), public.finish_data_rights_notices(bigint[], bigint[])
  to service_role;

-- == Cron ==

select cron.schedule('data-retention', '45 2 * * *',
  $$select private.act_as_scheduler(); select private.run_data_retention()$$);
