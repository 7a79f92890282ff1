-- A site's plan image: an uploaded drawing or aerial photo of the site (bucket images, under
-- sites/<slug>/), placed on the map by its south-west and north-east corners. Every plan draws it
-- under the plots and over the map tiles, so the plan still shows the site where tiles cannot load
-- (no signal in the field, or no tile source). Read through site_plan(site) (it is part of the
-- public plan: no personal data); written by the site's staff through set_site_plan_image and
-- clear_site_plan_image; every change in the audit log.

create table private.site_plan_images (
  id bigint generated always as identity primary key,
  site_id bigint not null unique references public.global_sites (id) on delete cascade,
  path text not null check (path ~ '^sites/[a-z0-9]+(-[a-z0-9]+)*/[^/\s]+$'),
  south double precision not null,
  west double precision not null,
  north double precision not null,
  east double precision not null,
  updated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint site_plan_images_bounds check (
    south >= -90 and north <= 90 and south < north and west >= -180 and east <= 180 and west < east)
);
comment on table private.site_plan_images is
  'A site''s plan image and where it lies on the map: read through site_plan(site), written through set_site_plan_image.';
create index site_plan_images_updated_by_idx on private.site_plan_images (updated_by);
alter table private.site_plan_images enable row level security;
create trigger site_plan_images_audit after insert or update or delete on private.site_plan_images
  for each row execute function private.audit_write();

-- Places (or moves, or replaces) the site's plan image. `p_path` is an object of bucket images
-- under the site's own folder, already uploaded.
create or replace function public.set_site_plan_image(
  p_site_id bigint, p_path text, p_south double precision, p_west double precision,
  p_north double precision, p_east double precision
)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_slug text;
begin
  select s.slug into v_slug from public.global_sites s where s.id = p_site_id;
  if not found then
    raise exception 'Site not found' using errcode = 'PT404';
  end if;
  if not private.can_work_site(p_site_id) then
    raise exception 'Only the site''s staff can change its plan' using errcode = '42501';
  end if;
  if p_path is null or p_path !~ ('^sites/' || v_slug || '/[^/\s]+$') then
    raise exception 'The plan image must be one of this site''s images' using errcode = '22023';
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'images' and o.name = p_path) then
    raise exception 'That image has not been uploaded' using errcode = '22023';
  end if;
  if p_south is null or p_west is null or p_north is null or p_east is null
     or not (p_south >= -90 and p_north <= 90 and p_south < p_north and p_west >= -180 and p_east <= 180 and p_west < p_east) then
    raise exception 'The image''s corners are not a place on the map' using errcode = '22023';
  end if;
  insert into private.site_plan_images as i (site_id, path, south, west, north, east, updated_by)
  values (p_site_id, p_path, p_south, p_west, p_north, p_east, auth.uid())
  on conflict (site_id) do update
    set path = excluded.path, south = excluded.south, west = excluded.west, north = excluded.north,
      east = excluded.east, updated_by = excluded.updated_by, updated_at = now();
  return public.site_plan(p_site_id) -> 'background';
end;
$$;

create or replace function public.clear_site_plan_image(p_site_id bigint)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.global_sites s where s.id = p_site_id) then
    raise exception 'Site not found' using errcode = 'PT404';
  end if;
  if not private.can_work_site(p_site_id) then
    raise exception 'Only the site''s staff can change its plan' using errcode = '42501';
  end if;
  delete from private.site_plan_images i where i.site_id = p_site_id;
end;
$$;

-- The plan as before, with its background image (null: none).
create or replace function public.site_plan(p_site_id bigint)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.global_sites;
  v_staff boolean;
begin
  select * into s from public.global_sites where id = p_site_id;
  if not found or (s.archived_at is not null and not private.is_staff()) then
    raise exception 'Site not found' using errcode = 'PT404';
  end if;
  v_staff := private.can_work_site(p_site_id);
  return jsonb_build_object(
    'site_id', s.id,
    'centre', case when s.coordinates is not null then jsonb_build_array(
      trim(split_part(s.coordinates, ',', 1))::numeric, trim(split_part(s.coordinates, ',', 2))::numeric) end,
    'counts', (select jsonb_build_object(
        'plots', count(*) filter (where p.status <> 'out_of_use'),
        'free', count(*) filter (where p.status = 'vacant'),
        'let', count(*) filter (where p.status = 'let'))
      from public.plots p where p.site_id = s.id),
    'plots', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'id', p.id, 'number', p.number, 'size', p.size, 'size_m2', p.size_m2, 'features', to_jsonb(p.features),
        'status', case
          when v_staff then p.status
          when p.status = 'vacant' then 'free'
          when p.status = 'let' then 'let'
          else 'unavailable' end,
        'shape', extensions.st_asgeojson(p.shape, 7)::jsonb,
        'mine', case when t.id is not null and auth.uid() is not null and private.can_see_plot(p.id) then true end,
        'holder', case when v_staff then coalesce(
          nullif(trim(concat_ws(' ', mb.first_name, mb.last_name)), ''),
          nullif(trim(concat_ws(' ', e.first_name, e.last_name)), '')) end,
        'membership_id', case when v_staff then t.membership_id end,
        'let_since', case when v_staff then t.started_at end
      )) order by p.number ~ '^[0-9]' desc, nullif(regexp_replace(p.number, '[^0-9].*$', ''), '')::numeric nulls last, p.number)
      from public.plots p
      left join public.plot_tenancies t on t.plot_id = p.id and t.ended_at is null
      -- The holder's name is read where it lives (the member, else the applicant), never copied.
      left join public.memberships m on m.id = t.membership_id
      left join public.members mb on mb.id = m.member_id
      left join public.plot_offers o on o.id = t.offer_id
      left join public.waiting_list_entries e on e.id = o.entry_id
      where p.site_id = s.id), '[]'),
    'background', (select jsonb_build_object('path', i.path,
        'bounds', jsonb_build_array(jsonb_build_array(i.south, i.west), jsonb_build_array(i.north, i.east)),
        'updated_at', i.updated_at)
      from private.site_plan_images i where i.site_id = s.id));
end;
$$;

-- As before, keeping a site's plan image while it is the plan's.
create or replace function public.unused_images(p_uploaded_before timestamptz, p_limit integer default 1000)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  -- Every image a row names: an object name, or (pasted into a link field) its public URL.
  with named as (
    select regexp_replace(v, '^https?://[^/]+/storage/v1/object/public/images/', '') as name
    from (
      select p.path from public.site_photos p
      union all select p.small_path from public.site_photos p
      union all select p.thumb_path from public.site_photos p
      union all select s.pm_photo_1 from public.global_sites s
      union all select s.pm_photo_2 from public.global_sites s
      union all select p.image_url from public.products p
      union all select e.image_url from public.events e
      union all select b.cover_image from public.blogs b
      union all select g.cover_image from public.good_vibes_projects g
      union all select x.photo_url from public.growing_experts x
      union all select i.path from private.site_plan_images i
    ) r(v)
    where v is not null
  )
  select o.name
  from storage.objects o
  where o.bucket_id = 'images'
    and o.created_at < p_uploaded_before
    and split_part(o.name, '/', 1) in ('blogs', 'events', 'products', 'sites')
    and not exists (select 1 from named n where n.name = o.name)
  order by o.created_at, o.name
  limit greatest(least(coalesce(p_limit, 1000), 1000), 0)
$$;

-- == Grants ==

revoke all on private.site_plan_images from public, anon, authenticated;
grant all on private.site_plan_images to service_role;
revoke all on function public.set_site_plan_image(bigint, text, double precision, double precision, double precision, double precision),
  public.clear_site_plan_image(bigint) from public, anon;
grant execute on function public.set_site_plan_image(bigint, text, double precision, double precision, double precision, double precision),
  public.clear_site_plan_image(bigint) to authenticated, service_role;
