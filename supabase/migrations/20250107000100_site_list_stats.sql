-- A site's waiting list in public figures: how long the list is, since when the person
-- at its top has waited (the date only), how many places it offered in the last 12 months and
-- the wait someone joining today can expect, worked out as get_waiting_list_position works out
-- an applicant's own: their place (everyone waiting, plus one) times the months the list's pace
-- is measured over (its age within the last year, at least a month), divided by the offers made
-- in that time. Anonymised aggregates only: anon may call it; nobody's entry is readable through it.

-- == Functions ==

create or replace function public.get_site_list_stats(p_slug text)
returns table (
  list_length bigint,
  waiting bigint,
  top_joined_on date,
  offers_last_year bigint,
  window_months numeric,
  estimated_wait_months numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_key text;
  v_length bigint;
  v_waiting bigint;
  v_top date;
  v_offers bigint;
  v_since timestamptz;
  v_months numeric;
begin
  select lower(trim(s.location)) into v_key from public.global_sites s where s.slug = lower(trim(p_slug));
  if v_key is null then
    return;
  end if;
  select coalesce((select c.live_count from private.waiting_list_counters c where c.location_key = v_key), 0)
    into v_length;
  select count(*), min(w.joined_at)::date into v_waiting, v_top
  from public.waiting_list_entries w
  where w.location_key = v_key and w.status = 'waiting';
  select count(*) into v_offers
  from public.waiting_list_status_history h
  where h.location_key = v_key and h.to_status = 'offered' and h.changed_at > now() - interval '1 year';
  select greatest(min(h.changed_at), now() - interval '1 year') into v_since
  from public.waiting_list_status_history h
  where h.location_key = v_key and h.to_status = 'waiting';
  v_months := round(greatest(coalesce(extract(epoch from now() - v_since) / 2629800.0, 1.0), 1.0)::numeric, 1);
  return query select v_length, v_waiting, v_top, v_offers, v_months,
    case when v_offers = 0 then null else round((v_waiting + 1) * v_months / v_offers, 1) end;
end;
$$;
comment on function public.get_site_list_stats(text) is
  'A site''s list in public figures: length, waiting, the top person''s joining date, offers in the last year and the estimated wait (months) for someone joining now.';

-- == Grants ==

revoke all on function public.get_site_list_stats(text) from public;
grant execute on function public.get_site_list_stats(text) to anon, authenticated, service_role;
