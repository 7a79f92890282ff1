-- Scheduled work, the way Supabase runs it (pg_cron in the database; pg_net to reach an edge
-- function):
-- - expire-plot-offers (every minute, SQL only): offers past their deadline expire and each
--   freed place is offered to the next applicant of that site;
-- - drain-notification-outboxes (every minute): when an outbox holds something (offers nobody
--   has e-mailed, guests of cancelled welcome slots nobody has told, gift vouchers due to their
--   recipients), one pg_net request asks the function that sends that mail to drain it; nothing
--   is posted when they are empty;
-- - yearly-reconfirmation (daily, 03:30 UTC): the function asks everyone who has waited (or last
--   confirmed) over a year, at every site, whether they are still interested;
-- - remove-unconfirmed (daily, 04:00 UTC, SQL only): applicants who did not answer by their
--   deadline leave the list.
-- The SQL jobs act as the service role (the audit log names them 'scheduler'); requests to
-- functions carry the service role key from Vault (`project_url` and `service_role_key`; see
-- README "Deploying to Supabase"). Without those secrets a request is not made and a warning
-- says why.

-- == Setup ==

create extension if not exists pg_cron;
-- pg_net on Supabase; the Docker-free stack has no such package and provides the same `net`
-- interface itself (stack/bootstrap.sql), so the extension is created only where it exists.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- == Functions ==

-- Runs the rest of the transaction as the service role, as the function's scheduled call did.
create or replace function private.act_as_scheduler()
returns void
language sql
volatile
set search_path = ''
as $$ select set_config('request.jwt.claims', '{"role": "service_role"}', true) $$;

-- Queues a POST of `p_body` to the edge function `p_function` with the service role key, unless
-- the same request is still waiting to be sent (two ticks never queue one job twice). Returns
-- pg_net's request id, or null when Vault lacks the secrets or the same request is queued.
create or replace function private.post_to_function(p_function text, p_body jsonb)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_url text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url');
  v_key text := (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key');
  v_target text;
begin
  if v_url is null or v_key is null then
    raise warning 'Scheduled call to % skipped: add the Vault secrets project_url and service_role_key', p_function;
    return null;
  end if;
  v_target := rtrim(v_url, '/') || '/functions/v1/' || p_function;
  -- Serialise the check and the insert between overlapping ticks.
  perform pg_advisory_xact_lock(hashtext('private.post_to_function'), hashtext(v_target || p_body::text));
  if exists (
    select 1 from net.http_request_queue q
    where q.url = v_target and q.method = 'POST' and convert_from(q.body, 'UTF8')::jsonb = p_body
  ) then
    return null;
  end if;
  return net.http_post(
    url := v_target,
    body := p_body,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
    timeout_milliseconds := 30000
  );
end;
$$;

-- Offers past their deadline expire and pass to the next applicant. Returns how many expired.
create or replace function private.run_offer_expiry()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.act_as_scheduler();
  return public.expire_plot_offers(null);
end;
$$;

-- Asks the functions that own an outbox to drain it, when it holds something. Returns how many
-- requests it queued.
create or replace function private.drain_notification_outboxes()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_queued integer := 0;
begin
  -- Live offers nobody has e-mailed (a claim that failed is released by its notifier).
  if exists (
    select 1 from public.plot_offers o
    where o.status = 'offered' and not exists (select 1 from private.notification_outbox n where n.offer_id = o.id)
  ) then
    if private.post_to_function('waiting-list-process', '{"action": "notify"}') is not null then
      v_queued := v_queued + 1;
    end if;
  end if;
  -- Guests of welcome slots staff cancelled who have not been told.
  if exists (
    select 1 from public.welcome_slot_bookings b
    where b.status = 'cancelled' and b.cancelled_by = 'staff'
      and not exists (select 1 from private.notification_outbox n where n.booking_id = b.id)
  ) then
    if private.post_to_function('bookings', '{"action": "notify"}') is not null then
      v_queued := v_queued + 1;
    end if;
  end if;
  -- Gift vouchers due to their recipients that nobody has e-mailed.
  if exists (
    select 1 from public.gift_vouchers g
    where g.status = 'active' and g.recipient_email is not null and private.gift_voucher_due(g)
      and not exists (select 1 from private.gift_voucher_deliveries d where d.voucher_id = g.id)
  ) then
    if private.post_to_function('payments/deliver-vouchers', '{"action": "deliver_vouchers"}') is not null then
      v_queued := v_queued + 1;
    end if;
  end if;
  return v_queued;
end;
$$;

-- The sites where somebody is due the yearly "still interested?" question.
create or replace function public.sites_due_reconfirmation()
returns setof bigint
language sql
stable
security definer
set search_path = ''
as $$
  select distinct w.site_id from public.waiting_list_entries w
  where (coalesce(auth.role() = 'service_role', false) or private.is_admin())
    and w.status = 'waiting' and w.site_id is not null
    and coalesce(w.last_confirmed_at, w.joined_at) < now() - interval '1 year'
    and not exists (select 1 from private.reconfirmations r where r.entry_id = w.id and r.status = 'sent')
  order by 1
$$;

-- The slots with guests staff cancelled who have not been told.
create or replace function public.slots_with_untold_cancellations()
returns setof bigint
language sql
stable
security definer
set search_path = ''
as $$
  select distinct b.slot_id from public.welcome_slot_bookings b
  where (coalesce(auth.role() = 'service_role', false) or private.is_admin())
    and b.status = 'cancelled' and b.cancelled_by = 'staff'
    and not exists (select 1 from private.notification_outbox n where n.booking_id = b.id)
  order by 1
$$;

-- Applicants who did not answer their reconfirmation by the deadline leave the list, at every
-- site. Returns how many.
create or replace function private.run_remove_unconfirmed()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_removed integer := 0;
  v_site bigint;
begin
  perform private.act_as_scheduler();
  for v_site in
    select distinct w.site_id from private.reconfirmations r
    join public.waiting_list_entries w on w.id = r.entry_id
    where r.status = 'sent' and r.due_by < now() and w.site_id is not null
  loop
    v_removed := v_removed + public.remove_unconfirmed(v_site);
  end loop;
  return v_removed;
end;
$$;

-- == Grants ==

revoke all on function private.act_as_scheduler(), private.post_to_function(text, jsonb), private.run_offer_expiry(),
  private.drain_notification_outboxes(), private.run_remove_unconfirmed() from public;
revoke all on function public.sites_due_reconfirmation(), public.slots_with_untold_cancellations() from public, anon, authenticated;
grant execute on function public.sites_due_reconfirmation(), public.slots_with_untold_cancellations() to authenticated, service_role;

-- == Cron ==

select cron.schedule('expire-plot-offers', '* * * * *', 'select private.run_offer_expiry()');
select cron.schedule('drain-notification-outboxes', '* * * * *', 'select private.drain_notification_outboxes()');
select cron.schedule('yearly-reconfirmation', '30 3 * * *',
  $$select private.post_to_function('waiting-list-process', '{"action": "reconfirm"}')$$);
select cron.schedule('remove-unconfirmed', '0 4 * * *', 'select private.run_remove_unconfirmed()');
