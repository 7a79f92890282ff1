-- Kinds of mail owed, as rows: a new kind of notice (about an offer, a booking or a waiting-list
-- entry) is one insert into private.notification_kinds, with no change to the outbox's checks or
-- to the drain the scheduler runs every minute.
-- - notification_kinds.about names the outbox column a claim of that kind fills;
-- - function_path and request say which edge function drains the kind and what to post to it;
-- - pending_query is a SELECT that returns a row when something of that kind is owed and
--   unclaimed; the drain posts only then (nothing is posted when every outbox is empty).
-- The rows are written by migrations only: no API role reads or writes the table.

-- == Tables ==

create table private.notification_kinds (
  kind text primary key check (kind ~ '^[a-z][a-z0-9_]{2,60}$'),
  about text not null check (about in ('offer', 'booking', 'entry', 'other')),
  function_path text not null check (function_path ~ '^[a-z][a-z0-9/_-]*$'),
  request jsonb not null default '{}',
  pending_query text check (pending_query is null or pending_query ~* '^\s*select\s'),
  description text not null
);
comment on table private.notification_kinds is
  'One row per kind of mail owed: which outbox column names its subject, who drains it, and when something is owed.';
alter table private.notification_kinds enable row level security;

insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('plot_offer', 'offer', 'waiting-list-process', '{"action": "notify"}',
   $q$select 1 from public.plot_offers o
      where o.status = 'offered'
        and not exists (select 1 from private.notification_outbox n where n.kind = 'plot_offer' and n.offer_id = o.id)$q$,
   'An offer of a plot made by any path, e-mailed to the applicant with its answer link.'),
  ('welcome_slot_cancellation', 'booking', 'bookings', '{"action": "notify"}',
   $q$select 1 from public.welcome_slot_bookings b
      where b.status = 'cancelled' and b.cancelled_by = 'staff'
        and not exists (select 1 from private.notification_outbox n
                        where n.kind = 'welcome_slot_cancellation' and n.booking_id = b.id)$q$,
   'A welcome-slot place staff cancelled, e-mailed to the guest.'),
  ('gift_voucher_delivery', 'other', 'payments/deliver-vouchers', '{"action": "deliver_vouchers"}',
   $q$select 1 from public.gift_vouchers g
      where g.status = 'active' and g.recipient_email is not null and private.gift_voucher_due(g)
        and not exists (select 1 from private.gift_voucher_deliveries d where d.voucher_id = g.id)$q$,
   'A gift voucher due to its recipient (claims live in private.gift_voucher_deliveries).');

-- The outbox: kinds come from the table above; a claim may name an entry (with a period, so a
-- recurring notice such as a monthly update is owed once per period); one claim per kind and
-- subject, so two kinds may each tell one person about the same offer.
alter table private.notification_outbox drop constraint notification_outbox_subject;
alter table private.notification_outbox drop constraint notification_outbox_kind_check;
alter table private.notification_outbox drop constraint notification_outbox_offer_id_key;
alter table private.notification_outbox drop constraint notification_outbox_booking_id_key;
alter table private.notification_outbox
  add column entry_id bigint references public.waiting_list_entries (id) on delete cascade,
  add column period text not null default '' check (length(period) <= 40),
  add constraint notification_outbox_kind_fkey foreign key (kind) references private.notification_kinds (kind),
  add constraint notification_outbox_one_subject check (num_nonnulls(offer_id, booking_id, entry_id) = 1);
create unique index notification_outbox_offer_key on private.notification_outbox (kind, offer_id) where offer_id is not null;
create unique index notification_outbox_booking_key on private.notification_outbox (kind, booking_id)
  where booking_id is not null;
create unique index notification_outbox_entry_key on private.notification_outbox (kind, entry_id, period)
  where entry_id is not null;
create index notification_outbox_entry_id_idx on private.notification_outbox (entry_id);

-- == Functions ==

-- A claim names the thing its kind is about (an offer claim names an offer, and so on).
create or replace function private.check_notification_subject()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_about text := (select k.about from private.notification_kinds k where k.kind = new.kind);
  v_named text := case
    when new.offer_id is not null then 'offer'
    when new.booking_id is not null then 'booking'
    when new.entry_id is not null then 'entry'
  end;
begin
  if v_about is distinct from v_named and v_about <> 'other' then
    raise exception 'A % claim must name its %', new.kind, coalesce(v_about, 'kind') using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger notification_outbox_subject before insert or update on private.notification_outbox
  for each row execute function private.check_notification_subject();

-- The one way a claim ends, for every kind: the claims of p_kind whose subject (offer, booking or
-- entry id) is in p_sent are marked sent; those in p_failed are released for the next run. A
-- claim already marked sent stays sent.
create or replace function public.finish_notifications(p_kind text, p_sent bigint[], p_failed bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  update private.notification_outbox n set sent_at = now()
  where n.kind = p_kind and coalesce(n.offer_id, n.booking_id, n.entry_id) = any (p_sent) and n.sent_at is null;
  delete from private.notification_outbox n
  where n.kind = p_kind and coalesce(n.offer_id, n.booking_id, n.entry_id) = any (p_failed) and n.sent_at is null;
$$;

-- Asks the function that drains each kind to do so, when something of that kind is owed (one
-- request per function and body, however many kinds share it). Returns how many it queued.
create or replace function private.drain_notification_outboxes()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_queued integer := 0;
  v_owed boolean;
  r record;
begin
  for r in
    select k.function_path, k.request, array_agg(k.pending_query) as queries
    from private.notification_kinds k
    where k.pending_query is not null
    group by k.function_path, k.request
    order by k.function_path
  loop
    v_owed := false;
    for i in 1 .. array_length(r.queries, 1) loop
      execute format('select exists (%s)', r.queries[i]) into v_owed;
      exit when v_owed;
    end loop;
    if v_owed and private.post_to_function(r.function_path, r.request) is not null then
      v_queued := v_queued + 1;
    end if;
  end loop;
  return v_queued;
end;
$$;

-- == Grants ==

revoke all on private.notification_kinds from anon, authenticated;
grant select on private.notification_kinds to service_role;
revoke all on function private.check_notification_subject(), private.drain_notification_outboxes() from public;
