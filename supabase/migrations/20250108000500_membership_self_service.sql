-- Members' self-service: pause, resume, cancel and undo a cancellation from
-- /members, with the subscription agreement's rules applied here, in the database.
--
-- The rules (the product spec states none of them; the agreement page, /subscription-agreement,
-- now says them in these words):
--   * Billing dates fall on the membership's start day each month (each year for yearly plans;
--     31 January → 28/29 February, as Postgres adds months). The next billing date is the first
--     one after today (UK time).
--   * Pause: monthly plans only, an active membership that is not ending and not already paused.
--     1 to 3 months, starting at the next billing date, billing restarting on the same day of the
--     month afterwards. At most 2 pauses and 3 paused months in any 12 months (pauses starting in
--     the 12 months before the new one; a pause withdrawn before it starts does not count; an
--     early resume does not give months back). The plot stays the member's while paused.
--   * Resume: a pause not yet started is withdrawn; a pause under way ends at the next billing
--     date, when billing restarts.
--   * Cancel: an active membership that is not paused (resume first). Notice is one full billing
--     month: the month that starts at the next billing date is paid (the last payment) and the
--     membership ends the day before the billing date after it. A yearly plan ends at the close of
--     the year already paid, with nothing more to pay. The deposit is non-refundable in the first
--     12 months: it comes back in full only when the membership ends 12 months or more after it
--     started.
--   * Undo: a cancellation can be withdrawn until the day it ends.
--
-- The order of a change (payments function, self-service.ts): the member's request is recorded
-- first, pending (request_membership_change, as the member: auth.uid(), rules checked under a row
-- lock, one pending change per membership, the caller's key unique per membership); the function
-- then asks the payment provider with a key made of the change's id, and settles the change
-- (settle_membership_change, service role only), which is what changes the membership. A retry
-- with the same key returns the same change; a change left pending by a crash is finished by the
-- member's next request with the same provider key, so the provider sees each change once.
-- A member calling request_membership_change by hand gets only a pending row, which changes
-- nothing until the function finishes it.

-- == Tables ==

alter table public.memberships
  add column subscription_ref text,
  add column paused_from date,
  add column resumes_on date,
  add column ends_on date,
  add constraint memberships_pause_dates check (
    (paused_from is null and resumes_on is null) or (paused_from is not null and resumes_on > paused_from));
comment on column public.memberships.subscription_ref is
  'The payment provider''s subscription (Stripe sub_…) that bills this membership; null while checkout takes one-off payments.';
comment on column public.memberships.paused_from is 'First day of the latest pause of billing (with resumes_on).';
comment on column public.memberships.resumes_on is 'The billing date on which billing restarts after the latest pause.';
comment on column public.memberships.ends_on is 'Last day of a membership whose cancellation is under notice.';

-- Every self-service change a member asked for, with the terms they were shown.
create table private.membership_changes (
  id bigint generated always as identity primary key,
  membership_id bigint not null references public.memberships (id) on delete cascade,
  kind text not null check (kind in ('pause', 'resume', 'cancel', 'undo_cancel')),
  status text not null default 'pending' check (status in ('pending', 'applied', 'failed')),
  request_key text not null check (request_key ~ '^[A-Za-z0-9_.:-]{8,200}$'),
  months integer check (months between 1 and 3),
  starts_on date,
  resumes_on date,
  ends_on date,
  last_payment_on date,
  last_payment_pence integer,
  deposit_pence integer,
  deposit_refund_pence integer,
  reason text check (reason is null or length(reason) <= 2000),
  -- A resume of a pause that had not started: the pause is withdrawn and does not count.
  withdraws boolean not null default false,
  withdrawn_at timestamptz,
  provider_ref text,
  requested_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (membership_id, request_key),
  constraint membership_changes_pause_dates check (kind <> 'pause' or (months is not null and starts_on is not null and resumes_on > starts_on))
);
create unique index membership_changes_one_pending on private.membership_changes (membership_id) where status = 'pending';
create index membership_changes_requested_by_idx on private.membership_changes (requested_by);
alter table private.membership_changes enable row level security;

-- == Functions ==

-- The n-th billing date of a membership (n = 0 is its start).
create or replace function private.billing_date(p_start date, p_interval text, p_n integer)
returns date
language sql
immutable
set search_path = ''
as $$
  select (p_start + case when p_interval = 'year' then make_interval(years => p_n) else make_interval(months => p_n) end)::date
$$;

-- Which billing period holds the first billing date after p_today (at least 1).
create or replace function private.next_billing_n(p_start date, p_interval text, p_today date)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  n integer := greatest(1, case when p_interval = 'year'
    then extract(year from age(p_today, p_start))::integer
    else (extract(year from age(p_today, p_start)) * 12 + extract(month from age(p_today, p_start)))::integer end);
begin
  while private.billing_date(p_start, p_interval, n) <= p_today loop
    n := n + 1;
  end loop;
  return n;
end;
$$;

-- The deposit a membership's member paid for it (its order's, else one paid at its site).
create or replace function private.membership_deposit_pence(m public.memberships)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select d.amount_pence from public.deposits d
    where d.status = 'paid'
      and (d.order_id = m.order_id
        or (d.site_id = m.site_id and d.user_id = (select mb.user_id from public.members mb where mb.id = m.member_id)))
    order by (d.order_id is not distinct from m.order_id) desc, d.id desc
    limit 1), 0)
$$;

-- What a member may do with a membership today, and the dates and sums each choice would have:
-- what /members shows before they confirm, and what request_membership_change enforces.
create or replace function private.membership_terms(m public.memberships, p_today date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_interval text;
  v_price integer;
  v_n integer;
  v_next date;
  v_state text;
  v_pending boolean;
  v_pauses integer;
  v_months integer;
  v_options jsonb := '[]';
  v_pause_reason text;
  v_resume_reason text;
  v_resume_on date;
  v_cancel_reason text;
  v_undo_reason text;
  v_ends date;
  v_last_on date;
  v_last_pence integer;
  v_deposit integer := private.membership_deposit_pence(m);
  v_refundable_from date := (m.start_date + interval '12 months')::date;
  v_fmt text := 'FMDD FMMonth YYYY';
begin
  select p.billing_interval, p.price_pence into v_interval, v_price from public.plans p where p.id = m.plan_id;
  v_interval := coalesce(v_interval, 'month');
  v_n := private.next_billing_n(m.start_date, v_interval, p_today);
  v_next := private.billing_date(m.start_date, v_interval, v_n);
  v_pending := exists (select 1 from private.membership_changes c where c.membership_id = m.id and c.status = 'pending');
  v_state := case
    when m.status = 'cancellation_requested' then 'ending'
    when m.status <> 'active' then m.status
    when m.paused_from is not null and p_today < m.paused_from then 'pause_scheduled'
    when m.paused_from is not null and p_today < m.resumes_on then 'paused'
    else 'active' end;

  -- Pauses counted in the 12 months before a pause starting at the next billing date.
  select count(*), coalesce(sum(c.months), 0) into v_pauses, v_months
  from private.membership_changes c
  where c.membership_id = m.id and c.kind = 'pause' and c.status in ('pending', 'applied')
    and c.withdrawn_at is null and c.starts_on > (v_next - interval '12 months')::date;

  v_pause_reason := case
    when v_pending then 'A change to this membership is still being made. Refresh the page in a minute.'
    when v_state = 'ending' then format('Your membership ends on %s, so billing cannot be paused. Keep your membership first if you would rather pause.', to_char(m.ends_on, v_fmt))
    when v_state in ('pause_scheduled', 'paused') then format('Billing is already paused from %s; it restarts on %s.', to_char(m.paused_from, v_fmt), to_char(m.resumes_on, v_fmt))
    when v_state <> 'active' then 'Only an active membership can be paused.'
    when v_interval <> 'month' then 'Pausing is for monthly plans: a yearly plan is already paid for its year.'
    when v_pauses >= 2 then 'You have used both of your 2 pauses in the last 12 months.'
    when v_months >= 3 then 'You have used all 3 pause months of the last 12 months.'
  end;
  if v_pause_reason is null then
    select coalesce(jsonb_agg(jsonb_build_object('months', k, 'starts_on', v_next,
      'resumes_on', private.billing_date(m.start_date, v_interval, v_n + k)) order by k), '[]')
    into v_options
    from generate_series(1, least(3, 3 - v_months)) k;
  end if;

  v_resume_on := case when v_state = 'paused' then v_next end;
  v_resume_reason := case
    when v_pending then 'A change to this membership is still being made. Refresh the page in a minute.'
    when v_state not in ('pause_scheduled', 'paused') then 'Billing is not paused.'
    when v_state = 'paused' and v_next >= m.resumes_on then format('Billing already restarts on %s, the next billing date.', to_char(m.resumes_on, v_fmt))
  end;

  if v_interval = 'month' then
    v_ends := private.billing_date(m.start_date, v_interval, v_n + 1) - 1;
    v_last_on := v_next;
    v_last_pence := v_price;
  else
    v_ends := v_next - 1;
    v_last_on := private.billing_date(m.start_date, v_interval, v_n - 1);
    v_last_pence := null;
  end if;
  v_cancel_reason := case
    when v_pending then 'A change to this membership is still being made. Refresh the page in a minute.'
    when v_state = 'ending' then format('You have already cancelled: your membership ends on %s.', to_char(m.ends_on, v_fmt))
    when v_state in ('pause_scheduled', 'paused') then format('Billing is paused until %s. Resume it first, then cancel.', to_char(m.resumes_on, v_fmt))
    when v_state <> 'active' then 'Only an active membership can be cancelled.'
  end;

  v_undo_reason := case
    when v_pending then 'A change to this membership is still being made. Refresh the page in a minute.'
    when v_state <> 'ending' then 'This membership is not being cancelled.'
    when m.ends_on is not null and p_today > m.ends_on then 'This membership has already ended.'
  end;

  return jsonb_build_object(
    'membership_id', m.id,
    'status', m.status,
    'state', v_state,
    'today', p_today,
    'billing_interval', v_interval,
    'price_pence', v_price,
    'start_date', m.start_date,
    'next_billing_on', case when v_state in ('active', 'pause_scheduled') then v_next end,
    'paused_from', m.paused_from,
    'resumes_on', m.resumes_on,
    'ends_on', m.ends_on,
    'pending', v_pending,
    'pause', jsonb_build_object(
      'allowed', v_pause_reason is null, 'reason', v_pause_reason,
      'max_pauses', 2, 'max_months', 3,
      'pauses_used', v_pauses, 'months_used', v_months,
      'pauses_left', greatest(0, 2 - v_pauses), 'months_left', greatest(0, 3 - v_months),
      'options', v_options),
    'resume', jsonb_build_object(
      'allowed', v_resume_reason is null, 'reason', v_resume_reason,
      'withdraws', v_state = 'pause_scheduled', 'billing_restarts_on', coalesce(v_resume_on, v_next)),
    'cancel', jsonb_build_object(
      'allowed', v_cancel_reason is null, 'reason', v_cancel_reason,
      'notice', case when v_interval = 'month' then 'one full billing month' else 'to the end of the year paid for' end,
      'ends_on', v_ends, 'last_payment_on', v_last_on, 'last_payment_pence', v_last_pence,
      'deposit_pence', v_deposit,
      'deposit_refundable_from', v_refundable_from,
      'deposit_refund_pence', case when v_ends >= v_refundable_from then v_deposit else 0 end),
    'undo_cancel', jsonb_build_object('allowed', v_undo_reason is null, 'reason', v_undo_reason, 'ends_on', m.ends_on),
    'history', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'kind', c.kind, 'status', c.status, 'created_at', c.created_at,
        'months', c.months, 'starts_on', c.starts_on, 'resumes_on', c.resumes_on, 'ends_on', c.ends_on,
        'deposit_refund_pence', c.deposit_refund_pence, 'withdrawn', c.withdrawn_at is not null, 'reason', c.reason)
        order by c.id desc)
      from private.membership_changes c where c.membership_id = m.id and c.status <> 'failed'), '[]')
  );
end;
$$;

-- A membership's terms for its member (or staff): what /members shows before any change.
create or replace function public.membership_self_service(p_membership_id bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  m public.memberships;
begin
  if auth.uid() is null then
    raise exception 'Sign in to see your membership.' using errcode = '42501';
  end if;
  select ms.* into m from public.memberships ms
  where ms.id = p_membership_id
    and (ms.member_id in (select mb.id from public.members mb where mb.user_id = auth.uid())
      or (select private.is_staff()));
  if m.id is null then
    raise exception 'No membership of yours with that id' using errcode = 'PT404';
  end if;
  return private.membership_terms(m, private.london_today());
end;
$$;

-- A change and what its e-mail and the provider need.
create or replace function private.membership_change_json(p_change_id bigint)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select to_jsonb(c) - 'requested_by' - 'request_key' || jsonb_build_object(
    'subscription_ref', m.subscription_ref,
    'email', mb.email, 'first_name', mb.first_name, 'user_id', mb.user_id,
    'site_id', m.site_id, 'site', s.location, 'plot_number', m.plot_number,
    'plan', p.name, 'price_pence', p.price_pence, 'membership_status', m.status)
  from private.membership_changes c
  join public.memberships m on m.id = c.membership_id
  join public.members mb on mb.id = m.member_id
  left join public.global_sites s on s.id = m.site_id
  left join public.plans p on p.id = m.plan_id
  where c.id = p_change_id
$$;

-- A member asks for a change to their own membership. Checks the rules under a lock and records
-- the change pending, with the terms it was asked on; it changes the membership only when the
-- payments function has told the provider and settles it. Returns the change with `repeated`
-- (same key again) or `other_pending` (an earlier change still to finish).
create or replace function public.request_membership_change(
  p_membership_id bigint, p_action text, p_months integer default null, p_reason text default null, p_key text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  m public.memberships;
  c private.membership_changes;
  t jsonb;
  v_option jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in to change your membership.' using errcode = '42501';
  end if;
  if p_action is null or p_action not in ('pause', 'resume', 'cancel', 'undo_cancel') then
    raise exception 'Choose pause, resume, cancel or undo_cancel.' using errcode = '22023';
  end if;
  if p_key is null or p_key !~ '^[A-Za-z0-9_.:-]{8,200}$' then
    raise exception 'The request key must be 8 to 200 letters, digits, _ . : or -.' using errcode = '22023';
  end if;
  if p_reason is not null and length(p_reason) > 2000 then
    raise exception 'Keep the reason under 2000 characters.' using errcode = '22023';
  end if;
  select ms.* into m from public.memberships ms
  where ms.id = p_membership_id
    and ms.member_id in (select mb.id from public.members mb where mb.user_id = auth.uid())
  for update;
  if m.id is null then
    raise exception 'No membership of yours with that id' using errcode = 'PT404';
  end if;

  select * into c from private.membership_changes x where x.membership_id = m.id and x.request_key = p_key;
  if c.id is not null then
    if c.kind <> p_action then
      raise exception 'That request key was used for another change.' using errcode = '22023';
    end if;
    return private.membership_change_json(c.id) || '{"repeated": true}';
  end if;
  select * into c from private.membership_changes x where x.membership_id = m.id and x.status = 'pending';
  if c.id is not null then
    return private.membership_change_json(c.id) || '{"other_pending": true}';
  end if;

  t := private.membership_terms(m, private.london_today());
  if not (t -> p_action ->> 'allowed')::boolean then
    raise exception '%', t -> p_action ->> 'reason' using errcode = '22023';
  end if;

  if p_action = 'pause' then
    if p_months is null or p_months not between 1 and 3 then
      raise exception 'A pause is 1, 2 or 3 months.' using errcode = '22023';
    end if;
    select o into v_option from jsonb_array_elements(t -> 'pause' -> 'options') o where (o ->> 'months')::integer = p_months;
    if v_option is null then
      raise exception 'You have % pause month(s) left in these 12 months.', t -> 'pause' ->> 'months_left' using errcode = '22023';
    end if;
    insert into private.membership_changes (membership_id, kind, request_key, months, starts_on, resumes_on, reason, requested_by)
    values (m.id, 'pause', p_key, p_months, (v_option ->> 'starts_on')::date, (v_option ->> 'resumes_on')::date,
      nullif(btrim(p_reason), ''), auth.uid())
    returning * into c;
  elsif p_action = 'resume' then
    insert into private.membership_changes (membership_id, kind, request_key, starts_on, resumes_on, withdraws, requested_by)
    values (m.id, 'resume', p_key, m.paused_from,
      case when (t -> 'resume' ->> 'withdraws')::boolean then null else (t -> 'resume' ->> 'billing_restarts_on')::date end,
      (t -> 'resume' ->> 'withdraws')::boolean, auth.uid())
    returning * into c;
  elsif p_action = 'cancel' then
    insert into private.membership_changes (membership_id, kind, request_key, ends_on, last_payment_on, last_payment_pence,
      deposit_pence, deposit_refund_pence, reason, requested_by)
    values (m.id, 'cancel', p_key, (t -> 'cancel' ->> 'ends_on')::date, (t -> 'cancel' ->> 'last_payment_on')::date,
      (t -> 'cancel' ->> 'last_payment_pence')::integer, (t -> 'cancel' ->> 'deposit_pence')::integer,
      (t -> 'cancel' ->> 'deposit_refund_pence')::integer, nullif(btrim(p_reason), ''), auth.uid())
    returning * into c;
  else
    insert into private.membership_changes (membership_id, kind, request_key, ends_on, requested_by)
    values (m.id, 'undo_cancel', p_key, m.ends_on, auth.uid())
    returning * into c;
  end if;
  return private.membership_change_json(c.id) || '{"repeated": false}';
end;
$$;

-- The payments function's word on a pending change: 'applied' once the provider has it (the
-- membership changes now), 'failed' when the provider refused (nothing changes). A settled change
-- is returned as it is.
create or replace function public.settle_membership_change(p_change_id bigint, p_outcome text, p_provider_ref text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c private.membership_changes;
begin
  if p_outcome is null or p_outcome not in ('applied', 'failed') then
    raise exception 'The outcome is applied or failed.' using errcode = '22023';
  end if;
  select * into c from private.membership_changes x where x.id = p_change_id for update;
  if c.id is null then
    raise exception 'No such membership change' using errcode = 'PT404';
  end if;
  if c.status <> 'pending' then
    return private.membership_change_json(c.id);
  end if;
  update private.membership_changes set status = p_outcome, settled_at = now(), provider_ref = left(p_provider_ref, 200)
  where id = c.id;
  if p_outcome = 'applied' then
    if c.kind = 'pause' then
      update public.memberships set paused_from = c.starts_on, resumes_on = c.resumes_on where id = c.membership_id;
    elsif c.kind = 'resume' and c.withdraws then
      update public.memberships set paused_from = null, resumes_on = null where id = c.membership_id;
      update private.membership_changes set withdrawn_at = now()
      where id = (select x.id from private.membership_changes x
        where x.membership_id = c.membership_id and x.kind = 'pause' and x.status = 'applied' and x.withdrawn_at is null
        order by x.id desc limit 1);
    elsif c.kind = 'resume' then
      update public.memberships set resumes_on = c.resumes_on where id = c.membership_id;
    elsif c.kind = 'cancel' then
      update public.memberships
      set status = 'cancellation_requested', cancellation_requested_at = now(), cancellation_reason = c.reason, ends_on = c.ends_on
      where id = c.membership_id and status = 'active';
    else
      update public.memberships
      set status = 'active', cancellation_requested_at = null, cancellation_reason = null, ends_on = null
      where id = c.membership_id and status = 'cancellation_requested';
    end if;
  end if;
  return private.membership_change_json(c.id);
end;
$$;

-- Admins: the latest self-service changes, newest first, with the member, site and plot, and
-- what each cancellation means for the deposit (/admin/membership-changes).
create or replace function public.membership_changes_report(p_limit integer default 200)
returns table (
  id bigint, membership_id bigint, kind text, status text, created_at timestamptz, months integer,
  starts_on date, resumes_on date, ends_on date, last_payment_on date, last_payment_pence integer,
  deposit_pence integer, deposit_refund_pence integer, withdrawn boolean, reason text,
  member_name text, member_email text, site text, plot_number text, membership_status text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only admins see membership changes.' using errcode = '42501';
  end if;
  return query
  select c.id, c.membership_id, c.kind, c.status, c.created_at, c.months, c.starts_on, c.resumes_on, c.ends_on,
    c.last_payment_on, c.last_payment_pence, c.deposit_pence, c.deposit_refund_pence, c.withdrawn_at is not null, c.reason,
    mb.first_name || ' ' || mb.last_name, mb.email, s.location, m.plot_number, m.status
  from private.membership_changes c
  join public.memberships m on m.id = c.membership_id
  join public.members mb on mb.id = m.member_id
  left join public.global_sites s on s.id = m.site_id
  order by c.id desc
  limit least(greatest(coalesce(p_limit, 200), 1), 500);
end;
$$;

-- Daily: a membership whose notice has run out has ended.
create or replace function private.run_membership_endings()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  perform private.act_as_scheduler();
  update public.memberships set status = 'ended'
  where status = 'cancellation_requested' and ends_on < private.london_today();
  get diagnostics n = row_count;
  return n;
end;
$$;

-- == Triggers ==

create trigger membership_changes_audit after insert or update or delete on private.membership_changes
  for each row execute function private.audit_write();

-- == Grants ==

revoke all on private.membership_changes from public, anon, authenticated;
grant all on private.membership_changes to service_role;
revoke all on function private.billing_date(date, text, integer), private.next_billing_n(date, text, date),
  private.membership_deposit_pence(public.memberships), private.membership_terms(public.memberships, date),
  private.membership_change_json(bigint), private.run_membership_endings() from public, anon, authenticated;
revoke all on function public.membership_self_service(bigint) from public, anon;
grant execute on function public.membership_self_service(bigint) to authenticated, service_role;
revoke all on function public.request_membership_change(bigint, text, integer, text, text) from public, anon;
grant execute on function public.request_membership_change(bigint, text, integer, text, text) to authenticated;
revoke all on function public.membership_changes_report(integer) from public, anon;
grant execute on function public.membership_changes_report(integer) to authenticated;
revoke all on function public.settle_membership_change(bigint, text, text) from public, anon, authenticated;
grant execute on function public.settle_membership_change(bigint, text, text) to service_role;

-- == Cron ==

select cron.schedule('end-cancelled-memberships', '20 0 * * *', 'select private.run_membership_endings()');
