-- The welcome e-mails of an import go out a batch at a time. claim_import_welcomes claimed every
-- welcome an import owed at once: 10,000 applicants were 100 calls to the e-mail service, about
-- 50 s at Resend's two calls a second, in one run of a function that may run 150 s. It now claims
-- at most p_limit (null: all, as before) that nobody has claimed yet, in entry order, and the
-- function stops claiming after its budget; what is left stays owed, and the outbox drain posts
-- the function again a minute later.
drop function public.claim_import_welcomes(uuid);

create function public.claim_import_welcomes(p_import_id uuid default null, p_limit integer default null)
returns table (entry_id bigint, reference text, email text, first_name text, location text, site_id bigint, joined_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_site_id bigint;
begin
  if p_import_id is null then
    if not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
      raise exception 'Not allowed to send the welcome e-mails of every import' using errcode = '42501';
    end if;
  else
    select i.site_id into v_site_id from public.waiting_list_imports i where i.id = p_import_id;
    if not found then
      raise exception 'No import has that id.' using errcode = 'PT404';
    end if;
    if not private.can_work_site(v_site_id) then
      raise exception 'Not allowed to send this import''s welcome e-mails' using errcode = '42501';
    end if;
  end if;
  if p_limit is not null and p_limit < 1 then
    raise exception 'p_limit must be at least 1.' using errcode = '22023';
  end if;
  return query
  with claimed as (
    -- Those already claimed are left out before the limit, so a batch is a full one; two
    -- notifiers at once still never claim one applicant twice (the outbox's key).
    insert into private.notification_outbox (kind, entry_id)
    select 'import_welcome', r.entry_id
    from private.waiting_list_import_rows r
    join public.waiting_list_entries e on e.id = r.entry_id and e.status in ('waiting', 'offered')
    where r.welcome and (p_import_id is null or r.import_id = p_import_id)
      and not exists (
        select 1 from private.notification_outbox n
        where n.kind = 'import_welcome' and n.entry_id = r.entry_id
      )
    order by r.entry_id
    limit p_limit
    on conflict do nothing
    returning notification_outbox.entry_id
  )
  select e.id, e.reference, e.email, e.first_name, e.location, e.site_id, e.joined_at
  from claimed c
  join public.waiting_list_entries e on e.id = c.entry_id
  order by e.id;
end;
$$;

revoke execute on function public.claim_import_welcomes(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_import_welcomes(uuid, integer) to authenticated, service_role;
