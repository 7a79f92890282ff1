-- Welcome slot cancellation (issue 7): admins cancel a whole slot, every booked guest is told
-- by e-mail exactly once, or cancel one booking and that guest is told. Bookings are kept and
-- marked cancelled (by staff or by the guest); the audit trigger records who did it. Patch
-- managers work waiting lists only (spec §6), so they cannot cancel slots or bookings.
-- The e-mails go through the bookings function: it cancels through these RPCs as the caller,
-- then claims the cancellation notices nobody has sent yet (the outbox), sends and records them.

-- ============================================================================
-- tables
-- ============================================================================
alter table public.welcome_slots
  add column cancelled_at timestamptz,
  add column cancel_reason text check (cancel_reason is null or length(cancel_reason) between 1 and 500);

alter table public.welcome_slot_bookings
  add column cancelled_at timestamptz,
  add column cancelled_by text check (cancelled_by in ('guest', 'staff'));

create index welcome_slot_bookings_staff_cancelled_idx on public.welcome_slot_bookings (slot_id)
  where status = 'cancelled' and cancelled_by = 'staff';

-- Outbox of cancellation e-mails: a booking staff cancelled is claimed by one notifier and
-- e-mailed once; a failed send is released for the next run.
create table private.welcome_slot_cancellation_notices (
  booking_id bigint primary key references public.welcome_slot_bookings (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);

-- Only security-definer functions and the service role touch it.
alter table private.welcome_slot_cancellation_notices enable row level security;
revoke all on private.welcome_slot_cancellation_notices from anon, authenticated;
grant all on private.welcome_slot_cancellation_notices to service_role;

-- ============================================================================
-- functions: triggers
-- ============================================================================
-- Stamps when and by whom a booking was cancelled: an admin's request is staff, anything else
-- (the guest's reference link, through the bookings function) is the guest.
create or replace function private.stamp_welcome_slot_booking_cancellation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := now();
    new.cancelled_by := case when private.is_admin() then 'staff' else 'guest' end;
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
    new.cancelled_by := null;
  else
    new.cancelled_at := old.cancelled_at;
    new.cancelled_by := old.cancelled_by;
  end if;
  return new;
end;
$$;
revoke all on function private.stamp_welcome_slot_booking_cancellation() from public;

create trigger welcome_slot_bookings_stamp_cancellation before update of status, cancelled_at, cancelled_by
  on public.welcome_slot_bookings
  for each row execute function private.stamp_welcome_slot_booking_cancellation();

-- A slot is cancelled only through cancel_welcome_slot (so its guests are told), and a
-- cancelled slot stays as it was: its guests were told it is off.
create or replace function private.guard_welcome_slot_cancellation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.cancelled_at is not null or new.cancel_reason is not null then
      raise exception 'Create the slot first, then cancel it, so its guests are told' using errcode = '22023';
    end if;
    return new;
  end if;
  if old.cancelled_at is not null then
    if (new.site_id, new.starts_at, new.duration_minutes, new.capacity, new.notes, new.cancelled_at, new.cancel_reason)
       is distinct from (old.site_id, old.starts_at, old.duration_minutes, old.capacity, old.notes, old.cancelled_at, old.cancel_reason) then
      raise exception 'This welcome slot has been cancelled and cannot be changed' using errcode = '22023';
    end if;
  elsif (new.cancelled_at, new.cancel_reason) is distinct from (old.cancelled_at, old.cancel_reason)
        and coalesce(current_setting('roots.cancelling_welcome_slot', true), '') <> 'on' then
    raise exception 'Cancel a welcome slot with cancel_welcome_slot, so its guests are told' using errcode = '22023';
  end if;
  return new;
end;
$$;
revoke all on function private.guard_welcome_slot_cancellation() from public;

create trigger welcome_slots_guard_cancellation before insert or update on public.welcome_slots
  for each row execute function private.guard_welcome_slot_cancellation();

-- The capacity trigger of 20250101000400, now also refusing places on a cancelled slot.
create or replace function private.book_welcome_slot_place()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_slot public.welcome_slots;
  v_delta integer;
begin
  v_delta := case
    when tg_op = 'INSERT' and new.status = 'booked' then 1
    when tg_op = 'UPDATE' and old.status = 'booked' and new.status <> 'booked' then -1
    when tg_op = 'UPDATE' and old.status <> 'booked' and new.status = 'booked' then 1
    when tg_op = 'DELETE' and old.status = 'booked' then -1
    else 0
  end;
  if v_delta = 0 then
    return coalesce(new, old);
  end if;
  select * into v_slot from public.welcome_slots
  where id = case when tg_op = 'DELETE' then old.slot_id else new.slot_id end
  for update;
  if v_delta > 0 and v_slot.cancelled_at is not null then
    raise exception 'This welcome slot has been cancelled' using errcode = '22023';
  end if;
  if v_delta > 0 and v_slot.starts_at < now() then
    raise exception 'This welcome slot has already taken place' using errcode = '22023';
  end if;
  if v_delta > 0 and v_slot.booked_count >= v_slot.capacity then
    raise exception 'This welcome slot is full' using errcode = '23514';
  end if;
  update public.welcome_slots set booked_count = booked_count + v_delta where id = v_slot.id;
  return coalesce(new, old);
end;
$$;
revoke all on function private.book_welcome_slot_place() from public;

-- ============================================================================
-- functions: cancelling (admins, as themselves, so the audit log names them)
-- ============================================================================
-- Cancels a slot and every live booking on it. Cancelling it again changes nothing
-- (cancelled = false). Returns how many bookings it cancelled.
create or replace function public.cancel_welcome_slot(p_slot_id bigint, p_reason text default null)
returns table (cancelled boolean, bookings_cancelled integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_slot public.welcome_slots;
  v_count integer;
begin
  if not private.is_admin() then
    raise exception 'Only admins can cancel welcome slots' using errcode = '42501';
  end if;
  select * into v_slot from public.welcome_slots where id = p_slot_id for update;
  if not found then
    raise exception 'Unknown welcome slot' using errcode = 'P0002';
  end if;
  if v_slot.cancelled_at is not null then
    return query select false, 0;
    return;
  end if;
  if v_slot.starts_at < now() then
    raise exception 'This welcome slot has already taken place' using errcode = '22023';
  end if;
  update public.welcome_slot_bookings set status = 'cancelled' where slot_id = p_slot_id and status = 'booked';
  get diagnostics v_count = row_count;
  perform set_config('roots.cancelling_welcome_slot', 'on', true);
  update public.welcome_slots set cancelled_at = now(), cancel_reason = nullif(trim(p_reason), '') where id = p_slot_id;
  perform set_config('roots.cancelling_welcome_slot', 'off', true);
  return query select true, v_count;
end;
$$;

-- Cancels one booking as staff. Already cancelled → false; unknown → P0002.
create or replace function public.cancel_welcome_slot_booking_as_staff(p_booking_id bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins can cancel welcome slot bookings' using errcode = '42501';
  end if;
  perform 1 from public.welcome_slot_bookings where id = p_booking_id;
  if not found then
    raise exception 'Unknown booking' using errcode = 'P0002';
  end if;
  update public.welcome_slot_bookings set status = 'cancelled' where id = p_booking_id and status = 'booked';
  return found;
end;
$$;

-- The guest's own cancellation by reference (as in 20250101000400; the trigger stamps it 'guest').
create or replace function public.cancel_welcome_slot_booking(p_reference text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.welcome_slot_bookings set status = 'cancelled' where reference = p_reference and status = 'booked';
  return found;
end;
$$;

-- ============================================================================
-- functions: the cancellation outbox
-- ============================================================================
-- Claims the bookings of a slot that staff cancelled and nobody has told yet, and returns who
-- to tell and why. Two notifiers at once never claim one booking twice.
create or replace function public.claim_welcome_slot_cancellation_notices(p_slot_id bigint)
returns table (booking_id bigint, name text, email text, starts_at timestamptz, location text, site_id bigint,
  slot_cancelled boolean, cancel_reason text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Only admins can notify welcome slot guests' using errcode = '42501';
  end if;
  return query
  with claimed as (
    insert into private.welcome_slot_cancellation_notices (booking_id)
    select b.id from public.welcome_slot_bookings b
    where b.slot_id = p_slot_id and b.status = 'cancelled' and b.cancelled_by = 'staff'
    on conflict do nothing
    returning welcome_slot_cancellation_notices.booking_id
  )
  select b.id, b.name, b.email, w.starts_at, s.location, w.site_id, w.cancelled_at is not null, w.cancel_reason
  from claimed c
  join public.welcome_slot_bookings b on b.id = c.booking_id
  join public.welcome_slots w on w.id = b.slot_id
  join public.global_sites s on s.id = w.site_id
  order by b.id;
end;
$$;

-- Records which notices went and releases the failed ones for the next run.
create or replace function public.finish_welcome_slot_cancellation_notices(p_sent bigint[], p_failed bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  update private.welcome_slot_cancellation_notices set sent_at = now() where booking_id = any (p_sent) and sent_at is null;
  delete from private.welcome_slot_cancellation_notices where booking_id = any (p_failed) and sent_at is null;
$$;

-- ============================================================================
-- grants
-- ============================================================================
revoke all on function public.cancel_welcome_slot(bigint, text), public.cancel_welcome_slot_booking_as_staff(bigint),
  public.claim_welcome_slot_cancellation_notices(bigint), public.finish_welcome_slot_cancellation_notices(bigint[], bigint[])
  from public, anon, authenticated;
-- Staff actions check the caller inside.
grant execute on function public.cancel_welcome_slot(bigint, text), public.cancel_welcome_slot_booking_as_staff(bigint),
  public.claim_welcome_slot_cancellation_notices(bigint)
  to authenticated, service_role;
grant execute on function public.finish_welcome_slot_cancellation_notices(bigint[], bigint[]) to service_role;
