-- Offers of a plot, and re-letting by itself.
--   * An offer at a site with a plot register names a plot (plot_offers.plot_id): staff offer a
--     chosen plot (offer_plot), or the next vacant plot that fits the applicant is chosen
--     (make_plot_offers, and every pass-on after a decline, expiry or withdrawal). A site without
--     a register offers as before, with no plot named.
--   * The offer moves its plot: made → offered; accepted → let, with an open tenancy (the unique
--     index on plot_tenancies is what makes letting a plot twice impossible); declined, expired
--     or withdrawn → vacant again, and the pass-on that follows offers it to the next applicant.
--   * The membership set up from the offer carries the plot (memberships.plot_id, plot_number);
--     when it ends or is cancelled the tenancy ends and the plot returns to "being prepared".
--   * When staff mark a plot ready (vacant), the scheduled job run_plot_reletting offers it to
--     the next applicant on that site's list who fits, with no other click; the list's status
--     history records the offer as the scheduler's, and the offer e-mail goes out at once.

-- == Columns ==

alter table public.plot_offers add column plot_id bigint references public.plots (id) on delete set null;
comment on column public.plot_offers.plot_id is 'The plot offered (sites with a plot register); null where a site has none.';
create index plot_offers_plot_idx on public.plot_offers (plot_id);
create unique index plot_offers_one_open_per_plot on public.plot_offers (plot_id) where status = 'offered';

alter table public.memberships add column plot_id bigint references public.plots (id) on delete set null;
comment on column public.memberships.plot_id is 'The plot this membership holds, from the offer it was set up from.';
create index memberships_plot_idx on public.memberships (plot_id);

-- == Functions ==

-- The next applicants on a site's list, each offered a plot. At a site with a register each
-- offer names a plot: p_plot_id if given (offered to the first waiting applicant it fits), else
-- the vacant plot that has waited longest among those fitting the applicant's size; applicants
-- no vacant plot fits are passed over, not offered nothing. Without a register, as before.
drop function private.offer_next(bigint, integer, integer, bigint, text, bigint);
create function private.offer_next(p_site_id bigint, p_count integer, p_respond_days integer,
  p_category_id bigint default null, p_plot_size text default null, p_skip_entry bigint default null,
  p_plot_id bigint default null)
returns setof public.plot_offers
language plpgsql security definer set search_path = '' as $$
declare
  e record;
  v_plot public.plots;
  o public.plot_offers;
  v_made integer := 0;
begin
  if p_plot_id is null and not exists (select 1 from public.plots p where p.site_id = p_site_id) then
    return query
    with next_entries as (
      select w.id
      from public.waiting_list_entries w
      where w.site_id = p_site_id and w.status = 'waiting'
        and (p_category_id is null or w.category_id = p_category_id)
        and (p_plot_size is null or w.plot_size_preference is null or w.plot_size_preference in (p_plot_size, 'any'))
        and w.id is distinct from p_skip_entry
      order by w.joined_at, w.id
      limit p_count
      for update skip locked
    ),
    marked as (
      update public.waiting_list_entries w set status = 'offered'
      from next_entries n
      where w.id = n.id and w.status = 'waiting'
      returning w.id, w.site_id, w.location_key
    ),
    offered as (
      insert into public.plot_offers (entry_id, site_id, location_key, offered_by, respond_by, category_id, plot_size)
      select m.id, m.site_id, m.location_key, auth.uid(), now() + make_interval(days => p_respond_days),
        p_category_id, p_plot_size
      from marked m
      returning *
    )
    select * from offered order by id;
    return;
  end if;
  for e in
    select w.id, w.site_id, w.location_key, w.plot_size_preference
    from public.waiting_list_entries w
    where w.site_id = p_site_id and w.status = 'waiting'
      and (p_category_id is null or w.category_id = p_category_id)
      and (p_plot_size is null or w.plot_size_preference is null or w.plot_size_preference in (p_plot_size, 'any'))
      and w.id is distinct from p_skip_entry
    order by w.joined_at, w.id
    for update skip locked
  loop
    exit when v_made >= p_count;
    if p_plot_id is not null then
      select * into v_plot from public.plots p
      where p.id = p_plot_id and p.site_id = p_site_id and p.status in ('vacant', 'preparing')
      for update;
      exit when not found;
      continue when e.plot_size_preference is not null and e.plot_size_preference not in (v_plot.size, 'any');
    else
      select * into v_plot from public.plots p
      where p.site_id = p_site_id and p.status = 'vacant'
        and (p_plot_size is null or p.size = p_plot_size)
        and (e.plot_size_preference is null or e.plot_size_preference in (p.size, 'any'))
      order by p.status_changed_at, p.id
      limit 1
      for update skip locked;
      continue when not found;
    end if;
    update public.waiting_list_entries set status = 'offered' where id = e.id and status = 'waiting';
    continue when not found;
    insert into public.plot_offers (entry_id, site_id, location_key, offered_by, respond_by, category_id, plot_size, plot_id)
    values (e.id, e.site_id, e.location_key, auth.uid(), now() + make_interval(days => p_respond_days),
      p_category_id, v_plot.size, v_plot.id)
    returning * into o;
    v_made := v_made + 1;
    return next o;
    exit when p_plot_id is not null;
  end loop;
end;
$$;

-- Staff offer a chosen plot: to a named applicant waiting at the site, or to the next one it fits.
create or replace function public.offer_plot(p_plot_id bigint, p_respond_days integer default 7, p_entry_id bigint default null)
returns public.plot_offers
language plpgsql security definer set search_path = '' as $$
declare
  p public.plots;
  w public.waiting_list_entries;
  o public.plot_offers;
begin
  select * into p from public.plots where id = p_plot_id for update;
  if not found then
    raise exception 'Plot not found' using errcode = 'PT404';
  end if;
  if not private.can_work_site(p.site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  if p_respond_days is null or p_respond_days < 1 or p_respond_days > 60 then
    raise exception 'The response deadline must be 1 to 60 days away' using errcode = '22023';
  end if;
  if p.status not in ('vacant', 'preparing') then
    raise exception 'Plot % is %: only a vacant plot or one being prepared can be offered', p.number,
      replace(p.status, '_', ' ') using errcode = '22023';
  end if;
  if p_entry_id is null then
    select * into o from private.offer_next(p.site_id, 1, p_respond_days, null, null, null, p.id);
    if o.id is null then
      raise exception 'Nobody waiting at this site fits plot % (a % plot)', p.number, p.size using errcode = '22023';
    end if;
    return o;
  end if;
  select * into w from public.waiting_list_entries where id = p_entry_id for update;
  if not found or w.site_id is distinct from p.site_id or w.status <> 'waiting' then
    raise exception 'That applicant is not waiting on this site''s list' using errcode = '22023';
  end if;
  update public.waiting_list_entries set status = 'offered' where id = w.id;
  insert into public.plot_offers (entry_id, site_id, location_key, offered_by, respond_by, plot_size, plot_id)
  values (w.id, w.site_id, w.location_key, auth.uid(), now() + make_interval(days => p_respond_days), p.size, p.id)
  returning * into o;
  return o;
end;
$$;

-- An offer moves its plot; an accepted offer lets it (one open tenancy per plot).
-- A BEFORE row trigger: the list tables keep no AFTER row triggers (bulk offers stay cheap), and
-- an offer without a plot returns at once.
create or replace function private.offer_moves_plot() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p public.plots;
  w public.waiting_list_entries;
begin
  if new.plot_id is null or (tg_op = 'UPDATE' and new.status = old.status) then
    return new;
  end if;
  perform private.plot_flow(true);
  if tg_op = 'INSERT' then
    select * into p from public.plots where id = new.plot_id for update;
    if p.site_id is distinct from new.site_id then
      raise exception 'Plot % is not at this offer''s site', p.number using errcode = '22023';
    end if;
    if new.status = 'offered' then
      if p.status not in ('vacant', 'preparing') then
        raise exception 'Plot % is % and cannot be offered', p.number, replace(p.status, '_', ' ') using errcode = '22023';
      end if;
      update public.plots set status = 'offered' where id = p.id;
    end if;
  elsif old.status = 'offered' and new.status = 'accepted' then
    select * into w from public.waiting_list_entries where id = new.entry_id;
    insert into public.plot_tenancies (plot_id, site_id, offer_id, user_id)
    values (new.plot_id, new.site_id, new.id, w.user_id);
    update public.plots set status = 'let' where id = new.plot_id;
    insert into public.plot_history (plot_id, site_id, kind, from_status, to_status, detail, actor_id)
    values (new.plot_id, new.site_id, 'let', 'offered', 'let', jsonb_build_object('offer_id', new.id), auth.uid());
  elsif old.status = 'offered' and new.status in ('declined', 'expired', 'withdrawn') then
    update public.plots set status = 'vacant' where id = new.plot_id and status = 'offered';
  end if;
  perform private.plot_flow(false);
  return new;
end;
$$;

-- The membership set up from an offer holds the offer's plot.
create or replace function private.membership_takes_plot() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_plot public.plots;
begin
  if new.plot_offer_id is not null and new.plot_id is null then
    select p.* into v_plot from public.plot_offers o join public.plots p on p.id = o.plot_id where o.id = new.plot_offer_id;
    if found then
      new.plot_id := v_plot.id;
      new.plot_number := v_plot.number;
    end if;
  end if;
  return new;
end;
$$;

-- A live membership is the tenancy's; one that ends or is cancelled ends it (unless another live
-- membership set up from the same offer carries on) and the plot goes back to being prepared.
create or replace function private.membership_tenancy() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  t public.plot_tenancies;
  v_other bigint;
begin
  if new.plot_id is null then
    return null;
  end if;
  if new.status not in ('cancelled', 'ended') then
    update public.plot_tenancies set membership_id = new.id
    where plot_id = new.plot_id and ended_at is null and membership_id is distinct from new.id
      and (offer_id is not distinct from new.plot_offer_id or membership_id is null);
    return null;
  end if;
  if tg_op = 'UPDATE' and old.status in ('cancelled', 'ended') then
    return null;
  end if;
  select * into t from public.plot_tenancies
  where plot_id = new.plot_id and ended_at is null
    and (membership_id = new.id or (membership_id is null and offer_id is not distinct from new.plot_offer_id))
  for update;
  if not found then
    return null;
  end if;
  select m.id into v_other from public.memberships m
  where m.id <> new.id and m.plot_id = new.plot_id and m.plot_offer_id is not distinct from new.plot_offer_id
    and m.status not in ('cancelled', 'ended')
  order by m.id desc limit 1;
  if v_other is not null then
    update public.plot_tenancies set membership_id = v_other where id = t.id;
    return null;
  end if;
  perform private.plot_flow(true);
  update public.plot_tenancies set ended_at = now(), end_reason = 'membership ' || new.status where id = t.id;
  update public.plots set status = 'preparing' where id = t.plot_id;
  insert into public.plot_history (plot_id, site_id, kind, from_status, to_status, detail, actor_id)
  values (t.plot_id, t.site_id, 'ended', 'let', 'preparing',
    jsonb_build_object('membership_id', new.id, 'reason', 'membership ' || new.status), auth.uid());
  perform private.plot_flow(false);
  return null;
end;
$$;

-- The scheduled re-letting: every vacant plot at a site whose list has someone it fits is offered
-- to the first of them, as the scheduler. Returns how many offers were made.
create or replace function private.run_plot_reletting() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  p record;
  v_made integer := 0;
  v_offer bigint;
begin
  perform private.act_as_scheduler();
  for p in
    select pl.id, pl.site_id from public.plots pl
    join public.global_sites s on s.id = pl.site_id
    where pl.status = 'vacant' and s.archived_at is null and coalesce(s.status, 'upcoming') <> 'upcoming'
      and exists (select 1 from public.waiting_list_entries w where w.site_id = pl.site_id and w.status = 'waiting')
    order by pl.status_changed_at, pl.id
  loop
    select o.id into v_offer from private.offer_next(p.site_id, 1, 7, null, null, null, p.id) o;
    if v_offer is not null then
      v_made := v_made + 1;
    end if;
  end loop;
  if v_made > 0 then
    begin
      perform private.drain_notification_outboxes();
    exception when others then
      raise warning 'Asking for the offer e-mails failed (%): the outbox job sends them', sqlerrm;
    end;
  end if;
  return v_made;
end;
$$;

-- Free plots: at a site with a register, its vacant plots less the memberships being set up there
-- without one (a direct join takes a plot when staff let it); otherwise the count as before.
create or replace function private.membership_access(p_site_id bigint, p_user_id uuid, p_offer_token text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.global_sites;
  v_member bigint;
  v_waiting bigint;
  v_taken bigint;
  v_free integer;
  v_offer bigint;
  v_reason text;
begin
  select * into s from public.global_sites where id = p_site_id;
  if not found then
    raise exception 'Page not found' using errcode = 'PT404';
  end if;
  select m.id into v_member from public.members m where m.user_id = p_user_id;
  select count(*) into v_waiting from public.waiting_list_entries w
  where (w.site_id = s.id or w.location_key = lower(trim(s.location))) and w.status in ('waiting', 'offered');
  if exists (select 1 from public.plots p where p.site_id = s.id) then
    select count(*) into v_taken from public.memberships m
    where m.site_id = s.id and m.plot_id is null
      and (m.status in ('active', 'past_due', 'suspended', 'cancellation_requested')
        or (m.status = 'pending' and m.created_at > now() - interval '1 day' and m.member_id is distinct from v_member));
    v_free := greatest((select count(*) from public.plots p where p.site_id = s.id and p.status = 'vacant') - v_taken, 0)::integer;
  else
    select count(*) into v_taken from public.memberships m
    where m.site_id = s.id
      and (m.status in ('active', 'past_due', 'suspended', 'cancellation_requested')
        or (m.status = 'pending' and m.created_at > now() - interval '1 day' and m.member_id is distinct from v_member));
    v_free := case when s.allotments is null then null else greatest(s.allotments - v_taken, 0)::integer end;
  end if;
  if p_user_id is not null or p_offer_token is not null then
    select o.id into v_offer
    from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    where o.site_id = s.id and o.status = 'accepted'
      and ((p_user_id is not null and e.user_id = p_user_id)
        or (p_offer_token is not null and o.response_token = p_offer_token and (e.user_id is null or e.user_id = p_user_id)))
      and not exists (select 1 from public.memberships m where m.plot_offer_id = o.id and m.status not in ('pending', 'cancelled'))
    order by o.id
    limit 1;
  end if;
  v_reason := case
    when coalesce(s.status, 'upcoming') = 'upcoming' then 'not_open'
    when v_member is not null and exists (select 1 from public.memberships m where m.member_id = v_member and m.site_id = s.id
      and m.status in ('active', 'past_due', 'suspended', 'cancellation_requested')) then 'already_member'
    when v_offer is not null then 'offer'
    when v_waiting > 0 then 'waiting_list'
    when coalesce(v_free, 0) > 0 then 'open'
    else 'full'
  end;
  return jsonb_build_object('site_id', s.id, 'allowed', v_reason in ('offer', 'open'), 'reason', v_reason,
    'waiting', v_waiting, 'plots_free', v_free, 'offer_id', v_offer, 'message', private.membership_message(v_reason));
end;
$$;

-- Expiry passes a register site's plots on through offer_next, one group at a time.
create or replace function public.expire_plot_offers(p_site_id bigint DEFAULT NULL::bigint) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    -- A site with a plot register passes on one group at a time (below), after this statement
    -- has freed the expired offers' plots, so each new offer names a vacant plot.
    select g.*, count(*) over (partition by g.site_id) = 1
      and not exists (select 1 from public.plots p where p.site_id = g.site_id) as alone
    from grouped g
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

-- The offer e-mails name the plot where there is one.
drop function public.claim_offer_notifications(bigint);
create function public.claim_offer_notifications(p_site_id bigint default null)
returns table (offer_id bigint, token text, respond_by timestamptz, email text, first_name text, location text,
  site_id bigint, plot_number text, plot_size text, plot_size_m2 numeric, plot_features text[])
language plpgsql security definer set search_path = '' as $$
begin
  if p_site_id is null and not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Not allowed to notify offers at every site' using errcode = '42501';
  end if;
  if p_site_id is not null and not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  return query
  with claimed as (
    insert into private.notification_outbox (kind, offer_id)
    select 'plot_offer', o.id from public.plot_offers o
    where o.status = 'offered' and (p_site_id is null or o.site_id = p_site_id)
    on conflict do nothing
    returning notification_outbox.offer_id
  )
  select o.id, o.response_token, o.respond_by, e.email, e.first_name, e.location, o.site_id,
    p.number, p.size, p.size_m2, p.features
  from claimed c
  join public.plot_offers o on o.id = c.offer_id
  join public.waiting_list_entries e on e.id = o.entry_id
  left join public.plots p on p.id = o.plot_id
  order by o.id;
end;
$$;

-- The offer's page names the plot too.
drop function public.plot_offer_by_token(text);
create function public.plot_offer_by_token(p_token text)
returns table (offer_id bigint, status text, respond_by timestamptz, responded_at timestamptz, first_name text, email text,
  location text, site_id bigint, city text, site_slug text, city_slug text, membership_status text,
  plot_number text, plot_size text, plot_size_m2 numeric, plot_features text[])
language sql stable security definer set search_path = '' as $$
  select o.id, o.status, o.respond_by, o.responded_at, e.first_name, e.email, e.location, o.site_id, s.city, s.slug, s.city_slug,
    (select m.status from public.memberships m where m.plot_offer_id = o.id and m.status <> 'cancelled' order by m.id desc limit 1),
    p.number, p.size, p.size_m2, p.features
  from public.plot_offers o
  join public.waiting_list_entries e on e.id = o.entry_id
  left join public.global_sites s on s.id = o.site_id
  left join public.plots p on p.id = o.plot_id
  where o.response_token = p_token
$$;

-- == Triggers ==

create trigger plot_offers_move_plot before insert or update of status on public.plot_offers
  for each row execute function private.offer_moves_plot();
create trigger memberships_take_plot before insert or update of plot_offer_id on public.memberships
  for each row execute function private.membership_takes_plot();
create trigger memberships_tenancy after insert or update of status, plot_id on public.memberships
  for each row execute function private.membership_tenancy();

-- == Grants ==

revoke all on function private.offer_next(bigint, integer, integer, bigint, text, bigint, bigint),
  private.offer_moves_plot(), private.membership_takes_plot(), private.membership_tenancy(),
  private.run_plot_reletting() from public, anon, authenticated, service_role;
revoke all on function public.offer_plot(bigint, integer, bigint) from public, anon;
grant execute on function public.offer_plot(bigint, integer, bigint) to authenticated, service_role;
revoke all on function public.claim_offer_notifications(bigint) from public, anon, authenticated, service_role;
grant execute on function public.claim_offer_notifications(bigint) to authenticated, service_role;
revoke all on function public.plot_offer_by_token(text) from public, anon, authenticated, service_role;
grant execute on function public.plot_offer_by_token(text) to service_role;

-- == Cron ==

select cron.schedule('relet-vacant-plots', '* * * * *', 'select private.run_plot_reletting()');
