-- The local payment provider's Stripe Billing, emulated (local stack only; the functions refuse the
-- local provider elsewhere, see _shared/providers/config.ts). Its customers, payment methods,
-- subscriptions, invoices, mandates and portal sessions are kept here as Stripe-shaped jsonb, and
-- a clock that tests advance (POST /payments/local-clock), as Stripe's test clocks do, so months
-- of billing pass in seconds. The clock keeps ticking from where it was set: now = the time it
-- was set to + the time since. Nothing here is read by the app: it sees only the webhook's events.
-- Written by the payments function (service role) through the RPCs below, never through the API.

-- == Tables ==

create table private.local_billing_objects (
  id text primary key check (length(id) between 3 and 255),
  kind text not null check (kind in ('customer', 'payment_method', 'subscription', 'invoice', 'mandate', 'portal_session', 'checkout_session')),
  data jsonb not null check (jsonb_typeof(data) = 'object'),
  updated_at timestamptz not null default now()
);
comment on table private.local_billing_objects is
  'The local payment provider''s billing objects (Stripe-shaped); local stack only.';
create index local_billing_objects_kind_idx on private.local_billing_objects (kind);
alter table private.local_billing_objects enable row level security;

create table private.local_clock (
  singleton boolean primary key default true check (singleton),
  now timestamptz not null,
  set_at timestamptz not null default now()
);
comment on table private.local_clock is
  'The local payment provider''s clock: it reads now + (now() - set_at); no row is the wall clock.';
alter table private.local_clock enable row level security;

-- == Functions ==

-- The clock's time: never behind the wall clock, never behind itself.
create or replace function public.local_clock_now()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(now(), coalesce((select c.now + (now() - c.set_at) from private.local_clock c), now()))
$$;

-- Moves the clock to p_to (never backwards); returns the time it now reads.
create or replace function public.local_clock_set(p_to timestamptz)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_to timestamptz := greatest(p_to, public.local_clock_now());
begin
  if p_to is null then
    raise exception 'p_to is required.' using errcode = '22023';
  end if;
  insert into private.local_clock (singleton, now, set_at) values (true, v_to, now())
  on conflict (singleton) do update set now = excluded.now, set_at = excluded.set_at;
  return v_to;
end;
$$;

-- Objects by id (p_ids) or by kind (p_kind), oldest first: a jsonb array of their data.
create or replace function public.local_billing_read(p_kind text default null, p_ids text[] default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(o.data order by o.updated_at, o.id), '[]')
  from private.local_billing_objects o
  where (p_kind is null or o.kind = p_kind) and (p_ids is null or o.id = any (p_ids))
$$;

-- Writes objects ([{ id, kind, data }]), each replacing what was stored under its id.
create or replace function public.local_billing_write(p_objects jsonb)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with x as (
    insert into private.local_billing_objects (id, kind, data, updated_at)
    select o ->> 'id', o ->> 'kind', o -> 'data', clock_timestamp()
    from jsonb_array_elements(p_objects) o
    on conflict (id) do update set kind = excluded.kind, data = excluded.data, updated_at = excluded.updated_at
    returning 1
  )
  select count(*)::integer from x
$$;

-- == Grants ==

revoke all on private.local_billing_objects, private.local_clock from public, anon, authenticated;
grant all on private.local_billing_objects, private.local_clock to service_role;
revoke all on function public.local_clock_now(), public.local_clock_set(timestamptz),
  public.local_billing_read(text, text[]), public.local_billing_write(jsonb)
  from public, anon, authenticated;
grant execute on function public.local_clock_now(), public.local_clock_set(timestamptz),
  public.local_billing_read(text, text[]), public.local_billing_write(jsonb)
  to service_role;
