-- Access to a site, and co-workers on a plot.
--   * private.site_access: a site's gate code and key arrangements (one row per site), written by
--     staff of the site (admins; patch managers for their sites) through set_site_access and read
--     only through site_access(site) and my_plot_access(). Out of the API's reach: never in a
--     public table, site_plan or the catalogue. Every change is in the audit log.
--   * Who sees it: staff of the site; a member whose membership there opens the gate (active,
--     past_due or cancellation_requested: rent overdue within its grace period, or under notice,
--     still holds the plot); and the accepted co-worker of such a membership. A suspended
--     membership does not: suspension is what unpaid rent comes to after the grace period, and
--     the gate is the one thing it withholds while the plot is kept for the member (paying makes
--     the membership active, and the code shows again at once). private.membership_opens_gate is
--     the one place that says which statuses open the gate.
--   * public.co_workers: a member names one co-worker per membership (at most one invited or
--     accepted at a time: a unique index). The invitation is e-mailed with a link holding a token
--     (only its SHA-256 is kept); the invitee signs in or creates an account with the invited
--     address, on any device, and accepts, once, within 14 days. The member withdraws an
--     invitation or removes a co-worker; a co-worker may leave; staff of the site may remove one.
--   * A co-worker sees the plot (private.can_see_plot, redefined here: site_plan's 'mine' and the
--     policies on a plot's records), its inspections and the gate code, and nothing of the
--     membership's money: memberships, orders, subscriptions, invoices and the self-service RPCs
--     stay the member's (their policies and checks name the member, never can_see_plot).
--   * Mail: private.co_worker_notices (the invitation to the invitee, "accepted" to the member),
--     drained by the plot-access function (notification kind co_worker_notice).

-- == Tables ==

create table private.site_access (
  id bigint generated always as identity primary key,
  site_id bigint not null unique references public.global_sites (id) on delete cascade,
  gate_code text check (gate_code is null or length(gate_code) between 1 and 40),
  key_arrangements text check (key_arrangements is null or length(key_arrangements) between 1 and 2000),
  updated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.site_access is
  'A site''s gate code and key arrangements: read through site_access(site), written through set_site_access.';
create index site_access_updated_by_idx on private.site_access (updated_by);
alter table private.site_access enable row level security;

create table public.co_workers (
  id bigint generated always as identity primary key,
  membership_id bigint not null references public.memberships (id) on delete cascade,
  site_id bigint not null references public.global_sites (id) on delete cascade,
  email text not null check (length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  name text check (name is null or length(name) between 1 and 100),
  status text not null default 'invited' check (status in ('invited', 'accepted', 'withdrawn', 'removed', 'expired')),
  user_id uuid references auth.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid,
  invited_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz,
  ended_at timestamptz,
  ended_by uuid,
  constraint co_workers_accepted check (status <> 'accepted' or (user_id is not null and accepted_at is not null)),
  constraint co_workers_ended check ((status in ('withdrawn', 'removed')) = (ended_at is not null))
);
comment on table public.co_workers is
  'A member''s co-worker on their plot: invited by e-mail, accepted once by the invited address. One live per membership.';
comment on column public.co_workers.token_hash is
  'SHA-256 (hex) of the token in the invitation link; the token itself is kept only until the e-mail is sent.';
comment on column public.co_workers.site_id is 'The membership''s site (a membership never moves).';
create unique index co_workers_one_per_membership on public.co_workers (membership_id)
  where status in ('invited', 'accepted');
create index co_workers_membership_idx on public.co_workers (membership_id, id desc);
create index co_workers_site_idx on public.co_workers (site_id);
create index co_workers_user_idx on public.co_workers (user_id);
alter table public.co_workers enable row level security;

-- The mail co-workers owe: the invitation (to the invitee, with the link's token) and the
-- acceptance (to the member). Address and token are kept only until the e-mail is sent.
create table private.co_worker_notices (
  id bigint generated always as identity primary key,
  co_worker_id bigint not null references public.co_workers (id) on delete cascade,
  kind text not null check (kind in ('invitation', 'accepted')),
  email text,
  token text check (token is null or token ~ '^[0-9a-f]{48}$'),
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (co_worker_id, kind),
  constraint co_worker_notices_address check (sent_at is not null or email is not null),
  constraint co_worker_notices_token check (kind <> 'invitation' or sent_at is not null or token is not null)
);
create index co_worker_notices_owed_idx on private.co_worker_notices (id) where sent_at is null;
alter table private.co_worker_notices enable row level security;

insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('co_worker_notice', 'other', 'plot-access', '{"action": "notify"}',
   $q$select 1 from private.co_worker_notices n
      where n.sent_at is null and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')$q$,
   'A co-worker invitation to the invitee, or its acceptance to the member (claims live in private.co_worker_notices).');

-- == Functions ==

-- The membership statuses whose member (and co-worker) may get into the site. Suspended is left
-- out on purpose: see the header.
create or replace function private.membership_opens_gate(p_status text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(p_status in ('active', 'past_due', 'cancellation_requested'), false)
$$;

-- Whether the signed-in person is the member of this membership.
create or replace function private.owns_membership(p_membership_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.memberships m join public.members mb on mb.id = m.member_id
    where m.id = p_membership_id and auth.uid() is not null and mb.user_id = auth.uid())
$$;

-- Whether the signed-in person may read this site's gate code and key arrangements.
create or replace function private.may_see_site_access(p_site_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.can_work_site(p_site_id)
    or (auth.uid() is not null and (
      exists (
        select 1 from public.memberships m join public.members mb on mb.id = m.member_id
        where m.site_id = p_site_id and mb.user_id = auth.uid() and private.membership_opens_gate(m.status))
      or exists (
        select 1 from public.co_workers c join public.memberships m on m.id = c.membership_id
        where c.user_id = auth.uid() and c.status = 'accepted' and m.site_id = p_site_id
          and private.membership_opens_gate(m.status))))
$$;

-- The plot is the signed-in person's to see: they hold it, or they are the accepted co-worker of
-- the membership that holds it now (its open tenancy's).
create or replace function private.can_see_plot(p_plot_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.holds_plot(p_plot_id) or (auth.uid() is not null and exists (
    select 1 from public.plot_tenancies t
    join public.co_workers c on c.membership_id = t.membership_id
    where t.plot_id = p_plot_id and t.ended_at is null
      and c.status = 'accepted' and c.user_id = auth.uid()))
$$;

create or replace function private.token_hash(p_token text) returns text
language sql immutable set search_path = '' as $$
  select encode(extensions.digest(convert_to(coalesce(p_token, ''), 'UTF8'), 'sha256'), 'hex')
$$;

-- "j…@example.com": an address named to someone who may not be its owner.
create or replace function private.masked_email(p_email text) returns text
language sql immutable set search_path = '' as $$
  select left(split_part(p_email, '@', 1), 1) || '…@' || split_part(p_email, '@', 2)
$$;

-- A site's gate code and key arrangements, for staff of the site, its members whose membership
-- opens the gate, and their co-workers. One row (empty fields while none are recorded).
create or replace function public.site_access(p_site_id bigint)
returns table (site_id bigint, gate_code text, key_arrangements text, updated_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.may_see_site_access(p_site_id) then
    raise exception 'Only the site''s members, their co-workers and its staff see how to get in'
      using errcode = '42501';
  end if;
  return query
  select s.id, a.gate_code, a.key_arrangements, a.updated_at
  from public.global_sites s left join private.site_access a on a.site_id = s.id
  where s.id = p_site_id;
end;
$$;

-- Staff of the site set its gate code and key arrangements (blank clears one).
create or replace function public.set_site_access(p_site_id bigint, p_gate_code text, p_key_arrangements text)
returns table (site_id bigint, gate_code text, key_arrangements text, updated_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  v_code text := nullif(btrim(p_gate_code), '');
  v_keys text := nullif(btrim(p_key_arrangements), '');
begin
  if not exists (select 1 from public.global_sites s where s.id = p_site_id) then
    raise exception 'Site not found' using errcode = 'PT404';
  end if;
  if not private.can_work_site(p_site_id) then
    raise exception 'Only the site''s staff can change how to get in' using errcode = '42501';
  end if;
  if v_code is not null and length(v_code) > 40 then
    raise exception 'A gate code is at most 40 characters' using errcode = '22023';
  end if;
  if v_keys is not null and length(v_keys) > 2000 then
    raise exception 'Key arrangements are at most 2,000 characters' using errcode = '22023';
  end if;
  insert into private.site_access as a (site_id, gate_code, key_arrangements, updated_by)
  values (p_site_id, v_code, v_keys, auth.uid())
  on conflict on constraint site_access_site_id_key do update
    set gate_code = excluded.gate_code, key_arrangements = excluded.key_arrangements,
      updated_by = excluded.updated_by, updated_at = now()
    where (a.gate_code, a.key_arrangements) is distinct from (excluded.gate_code, excluded.key_arrangements);
  return query select * from public.site_access(p_site_id);
end;
$$;

-- Every site the signed-in member of staff works, with how to get in (the staff panel).
create or replace function public.staff_site_access()
returns table (site_id bigint, location text, city text, gate_code text, key_arrangements text,
  updated_at timestamptz, updated_by_name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_staff() then
    raise exception 'Only staff see every site''s gate code' using errcode = '42501';
  end if;
  return query
  select s.id, s.location, s.city, a.gate_code, a.key_arrangements, a.updated_at,
    coalesce(nullif(trim(p.full_name), ''), p.email)
  from public.global_sites s
  left join private.site_access a on a.site_id = s.id
  left join public.profiles p on p.id = a.updated_by
  where s.archived_at is null and private.can_work_site(s.id)
  order by s.city, s.location, s.id;
end;
$$;

-- The memberships the signed-in person holds or co-works on (not pending, cancelled or ended),
-- with the plot and, where the membership opens the gate, how to get into the site.
create or replace function public.my_plot_access()
returns table (role text, membership_id bigint, membership_status text, co_worker_id bigint,
  holder_first_name text, site_id bigint, location text, city text, city_slug text, slug text,
  plot_id bigint, plot_number text, opens_gate boolean, gate_code text, key_arrangements text,
  access_updated_at timestamptz)
language sql stable security definer set search_path = '' as $$
  with mine as (
    select 'member'::text as role, m.id as membership_id, null::bigint as co_worker_id, null::text as holder_first_name
    from public.memberships m join public.members mb on mb.id = m.member_id
    where mb.user_id = auth.uid() and m.status not in ('pending', 'cancelled', 'ended')
    union all
    select 'co_worker', c.membership_id, c.id, mb.first_name
    from public.co_workers c
    join public.memberships m on m.id = c.membership_id
    join public.members mb on mb.id = m.member_id
    where c.user_id = auth.uid() and c.status = 'accepted' and m.status not in ('pending', 'cancelled', 'ended')
  )
  select x.role, m.id, m.status, x.co_worker_id, x.holder_first_name, s.id, s.location, s.city, s.city_slug, s.slug,
    coalesce(t.plot_id, m.plot_id), coalesce(p.number, m.plot_number),
    private.membership_opens_gate(m.status),
    case when private.membership_opens_gate(m.status) then a.gate_code end,
    case when private.membership_opens_gate(m.status) then a.key_arrangements end,
    case when private.membership_opens_gate(m.status) then a.updated_at end
  from mine x
  join public.memberships m on m.id = x.membership_id
  join public.global_sites s on s.id = m.site_id
  left join public.plot_tenancies t on t.membership_id = m.id and t.ended_at is null
  left join public.plots p on p.id = coalesce(t.plot_id, m.plot_id)
  left join private.site_access a on a.site_id = s.id
  where auth.uid() is not null
  order by x.role desc, m.start_date desc, m.id
$$;

-- The member names a co-worker: the invitation is e-mailed (through the outbox) with a link that
-- works once, for 14 days, for the invited address.
create or replace function public.invite_co_worker(p_membership_id bigint, p_email text, p_name text default null)
returns table (id bigint, membership_id bigint, email text, name text, status text, invited_at timestamptz,
  expires_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  m public.memberships;
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_name text := nullif(btrim(p_name), '');
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  c public.co_workers;
begin
  if auth.uid() is null then
    raise exception 'Sign in to name a co-worker.' using errcode = '42501';
  end if;
  select ms.* into m from public.memberships ms where ms.id = p_membership_id for update;
  if m.id is null or not private.owns_membership(m.id) then
    raise exception 'No membership of yours with that id' using errcode = 'PT404';
  end if;
  if m.status = 'suspended' then
    raise exception 'While your membership is suspended you cannot name a co-worker.' using errcode = '22023';
  end if;
  if not private.membership_opens_gate(m.status) then
    raise exception 'Only a current membership can have a co-worker.' using errcode = '22023';
  end if;
  if v_email !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 254 then
    raise exception 'Enter your co-worker''s e-mail address, like name@example.com.' using errcode = '22023';
  end if;
  if v_name is not null and length(v_name) > 100 then
    raise exception 'Keep the name to 100 characters.' using errcode = '22023';
  end if;
  if v_email = lower((select u.email from auth.users u where u.id = auth.uid()))
    or v_email = lower((select mb.email from public.members mb where mb.id = m.member_id)) then
    raise exception 'That is your own address: your co-worker is someone else.' using errcode = '22023';
  end if;
  with expired as (
    update public.co_workers x set status = 'expired'
    where x.membership_id = m.id and x.status = 'invited' and x.expires_at <= now()
    returning x.id
  )
  delete from private.co_worker_notices n using expired e where n.co_worker_id = e.id and n.sent_at is null;
  if exists (select 1 from public.co_workers x where x.membership_id = m.id and x.status in ('invited', 'accepted')) then
    raise exception 'You already have a co-worker or an invitation waiting: remove or withdraw it first.'
      using errcode = '22023';
  end if;
  insert into public.co_workers (membership_id, site_id, email, name, token_hash, invited_by)
  values (m.id, m.site_id, v_email, v_name, private.token_hash(v_token), auth.uid())
  returning * into c;
  insert into private.co_worker_notices (co_worker_id, kind, email, token) values (c.id, 'invitation', v_email, v_token);
  return query select c.id, c.membership_id, c.email, c.name, c.status, c.invited_at, c.expires_at;
end;
$$;

-- What an invitation link shows before signing in (anyone holding the token): who invited whom,
-- to which plot, and whether it still stands. `mine` when the signed-in person accepted it.
create or replace function public.co_worker_invitation(p_token text)
returns table (status text, email text, name text, member_first_name text, location text, city text,
  plot_number text, expires_at timestamptz, mine boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_token is null or p_token !~ '^[0-9a-f]{48}$'
    or not exists (select 1 from public.co_workers c where c.token_hash = private.token_hash(p_token)) then
    raise exception 'This invitation link is not valid: ask the member who invited you to send a new one.'
      using errcode = 'PT404';
  end if;
  return query
  select case when c.status = 'invited' and c.expires_at <= now() then 'expired' else c.status end,
    c.email, c.name, mb.first_name, s.location, s.city, coalesce(p.number, m.plot_number), c.expires_at,
    coalesce(c.user_id = auth.uid(), false)
  from public.co_workers c
  join public.memberships m on m.id = c.membership_id
  join public.members mb on mb.id = m.member_id
  join public.global_sites s on s.id = m.site_id
  left join public.plot_tenancies t on t.membership_id = m.id and t.ended_at is null
  left join public.plots p on p.id = coalesce(t.plot_id, m.plot_id)
  where c.token_hash = private.token_hash(p_token);
end;
$$;

-- The invitee accepts, signed in with the invited address: once, before it expires, while the
-- membership lasts. The member is told by e-mail.
create or replace function public.accept_co_worker_invitation(p_token text)
returns table (co_worker_id bigint, membership_id bigint, site_id bigint, repeated boolean)
language plpgsql security definer set search_path = '' as $$
declare
  c public.co_workers;
  m public.memberships;
  v_email text;
begin
  if auth.uid() is null then
    raise exception 'Sign in or create an account to accept the invitation.' using errcode = '42501';
  end if;
  select x.* into c from public.co_workers x
  where p_token ~ '^[0-9a-f]{48}$' and x.token_hash = private.token_hash(p_token) for update;
  if c.id is null then
    raise exception 'This invitation link is not valid: ask the member who invited you to send a new one.'
      using errcode = 'PT404';
  end if;
  if c.status = 'accepted' and c.user_id = auth.uid() then
    return query select c.id, c.membership_id, c.site_id, true;
    return;
  end if;
  if c.status in ('accepted', 'removed') then
    raise exception 'This invitation has already been used.' using errcode = '22023';
  end if;
  if c.status = 'withdrawn' then
    raise exception 'The member has withdrawn this invitation.' using errcode = '22023';
  end if;
  if c.status = 'expired' or c.expires_at <= now() then
    raise exception 'This invitation has expired: ask the member who invited you to send a new one.'
      using errcode = '22023';
  end if;
  select ms.* into m from public.memberships ms where ms.id = c.membership_id for update;
  if not private.membership_opens_gate(m.status) and m.status <> 'suspended' then
    raise exception 'This membership has ended, so the invitation no longer stands.' using errcode = '22023';
  end if;
  if private.owns_membership(m.id) then
    raise exception 'This is your own membership: your co-worker is someone else.' using errcode = '22023';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = auth.uid();
  if v_email is distinct from c.email then
    raise exception 'This invitation was sent to %: sign in with that address to accept it.', private.masked_email(c.email)
      using errcode = '42501';
  end if;
  update public.co_workers x set status = 'accepted', user_id = auth.uid(), accepted_at = now()
  where x.id = c.id;
  insert into private.co_worker_notices (co_worker_id, kind, email)
  select c.id, 'accepted', mb.email from public.members mb where mb.id = m.member_id
  on conflict on constraint co_worker_notices_co_worker_id_kind_key do nothing;
  return query select c.id, c.membership_id, c.site_id, false;
end;
$$;

-- Ends a co-worker or an invitation: the member (withdraw an invitation, remove a co-worker), the
-- co-worker themselves (leave), or staff of the site.
create or replace function public.end_co_worker(p_co_worker_id bigint)
returns table (id bigint, status text)
language plpgsql security definer set search_path = '' as $$
declare
  c public.co_workers;
begin
  if auth.uid() is null then
    raise exception 'Sign in to change your co-worker.' using errcode = '42501';
  end if;
  select x.* into c from public.co_workers x where x.id = p_co_worker_id for update;
  if c.id is null or not (private.owns_membership(c.membership_id) or c.user_id = auth.uid()
    or private.can_work_site(c.site_id)) then
    raise exception 'No co-worker of yours with that id' using errcode = 'PT404';
  end if;
  if c.status not in ('invited', 'accepted') then
    return query select c.id, c.status;
    return;
  end if;
  update public.co_workers x
  set status = case when c.status = 'invited' then 'withdrawn' else 'removed' end,
    ended_at = now(), ended_by = auth.uid()
  where x.id = c.id
  returning x.* into c;
  -- An invitation withdrawn before its e-mail went out is not sent.
  delete from private.co_worker_notices n where n.co_worker_id = c.id and n.sent_at is null;
  return query select c.id, c.status;
end;
$$;

-- The plot-access function claims the notices owed (a claim older than 10 minutes is retried),
-- with what their e-mails say.
create or replace function public.claim_co_worker_notices()
returns table (id bigint, co_worker_id bigint, kind text, email text, token text, co_worker_name text,
  co_worker_email text, member_first_name text, member_last_name text, location text, city text,
  plot_number text, expires_at timestamptz)
language sql security definer set search_path = '' as $$
  with owed as (
    select n.id from private.co_worker_notices n
    where n.sent_at is null and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')
    order by n.id
    limit 100
    for update skip locked
  ),
  claimed as (
    update private.co_worker_notices n set claimed_at = now()
    from owed where n.id = owed.id
    returning n.*
  )
  select n.id, n.co_worker_id, n.kind, n.email, n.token,
    coalesce(c.name, nullif(trim(pr.full_name), '')), c.email, mb.first_name, mb.last_name, s.location, s.city,
    coalesce(p.number, m.plot_number), c.expires_at
  from claimed n
  join public.co_workers c on c.id = n.co_worker_id
  join public.memberships m on m.id = c.membership_id
  join public.members mb on mb.id = m.member_id
  join public.global_sites s on s.id = m.site_id
  left join public.profiles pr on pr.id = c.user_id
  left join public.plot_tenancies t on t.membership_id = m.id and t.ended_at is null
  left join public.plots p on p.id = coalesce(t.plot_id, m.plot_id)
  order by n.id
$$;

-- Sent notices forget their address and token; failed ones are released for the next run.
create or replace function public.finish_co_worker_notices(p_sent bigint[], p_failed bigint[])
returns void
language sql security definer set search_path = '' as $$
  update private.co_worker_notices n set sent_at = now(), email = null, token = null
  where n.id = any (coalesce(p_sent, '{}')) and n.sent_at is null;
  update private.co_worker_notices n set claimed_at = null
  where n.id = any (coalesce(p_failed, '{}')) and n.sent_at is null;
$$;

-- == Policies ==

create policy "Members, their co-workers and site staff can read co-workers" on public.co_workers
  for select to authenticated using (
    user_id = (select auth.uid())
    or (select private.owns_membership(membership_id))
    or (select private.can_work_site(site_id)));

-- == Triggers ==

create trigger site_access_audit after insert or update or delete on private.site_access
  for each row execute function private.audit_write();
create trigger co_workers_audit after insert or update or delete on public.co_workers
  for each row execute function private.audit_write();

-- == Grants ==

revoke all on private.site_access, private.co_worker_notices from public, anon, authenticated;
grant all on private.site_access, private.co_worker_notices to service_role;

revoke all on public.co_workers from anon, authenticated;
grant select (id, membership_id, site_id, email, name, status, user_id, invited_at, expires_at, accepted_at, ended_at)
  on public.co_workers to authenticated;
grant all on public.co_workers to service_role;

revoke all on function private.membership_opens_gate(text), private.owns_membership(bigint),
  private.may_see_site_access(bigint), private.token_hash(text), private.masked_email(text) from public, anon, authenticated;
grant execute on function private.membership_opens_gate(text), private.owns_membership(bigint),
  private.may_see_site_access(bigint) to authenticated, service_role;

revoke all on function public.site_access(bigint), public.set_site_access(bigint, text, text),
  public.staff_site_access(), public.my_plot_access(), public.invite_co_worker(bigint, text, text),
  public.accept_co_worker_invitation(text), public.end_co_worker(bigint) from public, anon;
grant execute on function public.site_access(bigint), public.set_site_access(bigint, text, text),
  public.staff_site_access(), public.my_plot_access(), public.invite_co_worker(bigint, text, text),
  public.accept_co_worker_invitation(text), public.end_co_worker(bigint) to authenticated, service_role;

revoke all on function public.co_worker_invitation(text) from public;
grant execute on function public.co_worker_invitation(text) to anon, authenticated, service_role;

revoke all on function public.claim_co_worker_notices(), public.finish_co_worker_notices(bigint[], bigint[])
  from public, anon, authenticated;
grant execute on function public.claim_co_worker_notices(), public.finish_co_worker_notices(bigint[], bigint[])
  to service_role;
