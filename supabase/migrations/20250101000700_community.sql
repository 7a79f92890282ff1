-- Community: votes for new sites (cast through the site-votes function, counted once the voter
-- confirms by e-mail; the tallies never say who voted) and offers of land (anyone sends once per
-- submission key, only admins read them).

-- == Tables ==

create table public.site_votes (
  id bigint generated always as identity primary key,
  location_name text not null check (length(trim(location_name)) between 1 and 200),
  postcode text check (postcode is null or postcode ~* '^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$'),
  email text not null check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_normalised text generated always as (lower(trim(email))) stored,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  token text not null unique default encode(extensions.gen_random_bytes(16), 'hex'),
  constraint site_votes_location_name_shape check (location_name !~ '[<>{}\\]' and location_name = trim(location_name))
);
create unique index site_votes_one_per_person on public.site_votes (lower(trim(location_name)), email_normalised);
alter table public.site_votes enable row level security;

create table public.land_offers (
  id bigint generated always as identity primary key,
  name text not null check (length(trim(name)) between 1 and 200),
  email text not null check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text,
  location text not null check (length(trim(location)) between 1 and 300),
  acreage numeric(8, 2) check (acreage > 0),
  description text check (description is null or length(description) <= 5000),
  status text not null default 'new' check (status in ('new', 'contacted', 'declined', 'accepted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  submission_key uuid,
  constraint land_offers_acreage_range check (acreage is null or acreage <= 10000),
  constraint land_offers_location_shape check (location = trim(location)),
  constraint land_offers_phone_check check (phone is null or private.valid_phone(phone))
);
comment on column public.land_offers.submission_key is 'Chosen by the form once per filled-in offer: a resent form is refused as a duplicate.';
create unique index land_offers_submission_key on public.land_offers (submission_key);
alter table public.land_offers enable row level security;

-- == Functions ==

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
comment on function public.get_site_vote_tallies() is 'Votes for a new site per place (no voter details).';

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

-- == Triggers ==

create trigger site_votes_audit after insert or update or delete on public.site_votes
  for each row execute function private.audit_write();
create trigger land_offers_audit after insert or update or delete on public.land_offers
  for each row execute function private.audit_write();
create trigger land_offers_set_updated_at before update on public.land_offers
  for each row execute function private.set_updated_at();

-- == Policies ==

create policy "Admins can read site votes" on public.site_votes
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can update site votes" on public.site_votes
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete site votes" on public.site_votes
  for delete to authenticated using ((select private.is_admin()));
create policy "Admins can read land offers" on public.land_offers
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can update land offers" on public.land_offers
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete land offers" on public.land_offers
  for delete to authenticated using ((select private.is_admin()));
create policy "Anyone can offer land" on public.land_offers
  for insert to anon with check (status = 'new');
create policy "Signed-in users can offer land" on public.land_offers
  for insert to authenticated with check (status = 'new');

-- == Grants ==

grant all on public.site_votes to service_role;
grant all on public.land_offers to service_role;
grant select, update, delete on public.site_votes to authenticated;
grant select, update, delete on public.land_offers to authenticated;
grant insert (name, email, phone, location, acreage, description) on public.land_offers to anon, authenticated;
grant insert (submission_key) on public.land_offers to anon, authenticated;
revoke all on function public.get_site_vote_tallies() from public;
grant execute on function public.get_site_vote_tallies() to anon, authenticated, service_role;
revoke all on function public.cast_site_vote(text, text, text), public.confirm_site_vote(text) from public, anon, authenticated;
grant execute on function public.cast_site_vote(text, text, text) to service_role;
grant execute on function public.confirm_site_vote(text) to anon, authenticated, service_role;
