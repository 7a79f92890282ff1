-- The scheduled expiry of 10,000 offers: two kinds of work it did for every row that
-- change nothing a reader sees.
-- - The BEFORE UPDATE trigger that stamps updated_at on an entry was a plpgsql call per row
--   (20,000 per run). It now runs only when the row is not already stamped with now(): a
--   statement that sets updated_at = now() itself (the expiry's two updates, below) skips the
--   call; any other update, including one that sets updated_at to something else, is stamped by
--   the trigger as before, so every updated row still ends with updated_at = now().
-- - The indexes behind the category and account foreign keys held a row for every entry and
--   offer, though most have no category and most applicants no account: every insert and every
--   non-HOT update (a status change) wrote an index entry for a null nobody looks up. They now
--   index only rows with a value. A lookup by a value (a category or account deleted, an
--   applicant's own entries under RLS: user_id = auth.uid()) implies the value is not null, so
--   the planner still uses them.

-- == Indexes ==

drop index public.waiting_list_entries_category_id_idx;
create index waiting_list_entries_category_id_idx on public.waiting_list_entries (category_id)
  where category_id is not null;
drop index public.waiting_list_entries_user_id_idx;
create index waiting_list_entries_user_id_idx on public.waiting_list_entries (user_id)
  where user_id is not null;
drop index public.plot_offers_category_id_idx;
create index plot_offers_category_id_idx on public.plot_offers (category_id)
  where category_id is not null;

-- == Triggers ==

drop trigger waiting_list_entries_set_updated_at on public.waiting_list_entries;
create trigger waiting_list_entries_set_updated_at before update on public.waiting_list_entries
  for each row when (new.updated_at is distinct from now())
  execute function private.set_updated_at();

-- == Functions ==

-- As in 20250109000000_list_scale.sql, with both updates of the entries stamping updated_at
-- themselves.
create or replace function public.expire_plot_offers(p_site_id bigint default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expired integer := 0;
  v_groups jsonb;
  r record;
begin
  if p_site_id is null and not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Not allowed to expire offers at every site' using errcode = '42501';
  end if;
  if p_site_id is not null and not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  with due as (
    select o.id from public.plot_offers o
    where o.status = 'offered' and o.respond_by < now()
      and (p_site_id is null or o.site_id = p_site_id)
    for update skip locked
  ),
  expired as (
    update public.plot_offers o set status = 'expired', responded_at = now()
    from due where o.id = due.id
    returning o.entry_id, o.site_id, o.category_id, o.plot_size
  ),
  entries as (
    update public.waiting_list_entries w set status = 'expired', updated_at = now()
    from expired x where w.id = x.entry_id and w.status = 'offered'
    returning w.site_id
  ),
  grouped as (
    select x.site_id, x.category_id, x.plot_size, count(*)::integer as n from expired x
    group by x.site_id, x.category_id, x.plot_size
  ),
  counted as (
    select g.*, count(*) over (partition by g.site_id) = 1 as alone from grouped g
  )
  select coalesce(sum(g.n), 0)::integer,
    coalesce(jsonb_agg(jsonb_build_object('site_id', g.site_id, 'category_id', g.category_id, 'plot_size', g.plot_size,
      'n', g.n, 'alone', g.alone)) filter (where g.site_id is not null), '[]')
  into v_expired, v_groups
  from counted g;

  -- Sites with one group: their next applicants, all in one statement.
  with groups as (
    select (g ->> 'site_id')::bigint as site_id, (g ->> 'category_id')::bigint as category_id,
      g ->> 'plot_size' as plot_size, (g ->> 'n')::integer as n
    from jsonb_array_elements(v_groups) g where (g ->> 'alone')::boolean
  ),
  next_entries as (
    select p.id, g.category_id, g.plot_size
    from groups g
    cross join lateral (
      select w.id
      from public.waiting_list_entries w
      where w.site_id = g.site_id and w.status = 'waiting'
        and (g.category_id is null or w.category_id = g.category_id)
        and (g.plot_size is null or w.plot_size_preference is null or w.plot_size_preference in (g.plot_size, 'any'))
      order by w.joined_at, w.id
      limit g.n
      for update skip locked
    ) p
  ),
  marked as (
    update public.waiting_list_entries w set status = 'offered', updated_at = now()
    from next_entries n
    where w.id = n.id and w.status = 'waiting'
    returning w.id, w.site_id, w.location_key, n.category_id, n.plot_size
  )
  insert into public.plot_offers (entry_id, site_id, location_key, offered_by, respond_by, category_id, plot_size)
  select m.id, m.site_id, m.location_key, auth.uid(), now() + make_interval(days => 7), m.category_id, m.plot_size
  from marked m;

  -- Sites with several groups: one group at a time.
  for r in
    select (g ->> 'site_id')::bigint as site_id, (g ->> 'category_id')::bigint as category_id,
      g ->> 'plot_size' as plot_size, (g ->> 'n')::integer as n
    from jsonb_array_elements(v_groups) g where not (g ->> 'alone')::boolean
  loop
    perform private.offer_next(r.site_id, r.n, 7, r.category_id, r.plot_size);
  end loop;
  return v_expired;
end;
$$;
