-- Votes for a new site count once their voter confirms by e-mail.
-- Anyone could insert straight into site_votes over REST with invented addresses, and any text
-- showed in the public tallies. Now a vote is cast through the site-votes function (checks,
-- per-connection limits, a confirmation e-mail); it waits unconfirmed, and only confirmed votes
-- count in get_site_vote_tallies(). The voter confirms with the token from their e-mail
-- (confirm_site_vote, for anyone holding the token). Votes already cast before this change were
-- made by the old form, which had no confirmation: they are kept as confirmed.

-- ============================================================================
-- tables
-- ============================================================================
alter table public.site_votes
  add column confirmed_at timestamptz,
  add column token text not null unique default encode(extensions.gen_random_bytes(16), 'hex');
update public.site_votes set confirmed_at = created_at where confirmed_at is null;

-- ============================================================================
-- grants and policies: votes are cast through the function
-- ============================================================================
drop policy "Anyone can vote for a new site" on public.site_votes;
drop policy "Signed-in users can vote for a new site" on public.site_votes;
revoke insert (location_name, postcode, email) on public.site_votes from anon, authenticated;
revoke insert on public.site_votes from anon, authenticated;

-- ============================================================================
-- functions
-- ============================================================================
-- Records a vote (unconfirmed) or finds the same person's vote for that place; returns the
-- token to e-mail and whether it is confirmed already. For the site-votes function only.
create or replace function public.cast_site_vote(p_location_name text, p_email text, p_postcode text default null)
returns table (token text, location_name text, confirmed boolean, created boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v public.site_votes;
begin
  insert into public.site_votes (location_name, email, postcode)
  values (trim(p_location_name), trim(p_email), nullif(trim(coalesce(p_postcode, '')), ''))
  on conflict (lower(trim(location_name)), email_normalised) do nothing
  returning * into v;
  if found then
    return query select v.token, v.location_name, false, true;
    return;
  end if;
  select * into v from public.site_votes s
  where lower(trim(s.location_name)) = lower(trim(p_location_name)) and s.email_normalised = lower(trim(p_email));
  return query select v.token, v.location_name, v.confirmed_at is not null, false;
end;
$$;

-- The voter confirms by the token in their e-mail. Returns the place; again changes nothing.
create or replace function public.confirm_site_vote(p_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_place text;
begin
  update public.site_votes set confirmed_at = coalesce(confirmed_at, now())
  where token = p_token
  returning trim(location_name) into v_place;
  if v_place is null then
    raise exception 'No vote has that confirmation link' using errcode = 'PT404';
  end if;
  return v_place;
end;
$$;

-- Votes per place (places compared without case or surrounding spaces, named as the first voter
-- wrote it), most votes first: confirmed votes only. Never says who voted.
create or replace function public.get_site_vote_tallies()
returns table (location_name text, votes bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select (array_agg(trim(v.location_name) order by v.created_at, v.id))[1], count(*)::bigint
  from public.site_votes v
  where v.confirmed_at is not null
  group by lower(trim(v.location_name))
  order by 2 desc, 1
$$;

-- ============================================================================
-- grants
-- ============================================================================
revoke all on function public.cast_site_vote(text, text, text), public.confirm_site_vote(text) from public, anon, authenticated;
grant execute on function public.cast_site_vote(text, text, text) to service_role;
grant execute on function public.confirm_site_vote(text) to anon, authenticated, service_role;
