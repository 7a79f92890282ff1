-- A site photo's small copy. Gallery photos are stored up to 1600 px wide,
-- and every phone and every thumbnail downloaded the whole photo: on a site page the first photo
-- is the largest paint, and its bytes were most of a phone's wait for it. The admin's upload (in
-- the browser, where the crop is made) and the seed now store a second object at most 800 px
-- wide beside the photo, and the page offers both (srcset), so the browser picks.
--
-- small_path names that object: in the same folder as the photo (so whoever may write the photo's
-- folder wrote it, and RLS on storage.objects already decided that), never the photo itself.
-- Null where no copy was made: a GIF or ICO kept as it is, a photo already that small, or a row
-- from before this change; the page then offers the photo alone.

alter table public.site_photos add column small_path text;
alter table public.site_photos add constraint site_photos_small_path_check check (
  small_path is null or (
    small_path ~ '^sites/[a-z0-9]+(-[a-z0-9]+)*/[^/\s]+$'
    and small_path <> path
    and split_part(small_path, '/', 2) = split_part(path, '/', 2)
  )
);
comment on column public.site_photos.small_path is
  'The photo at most 800 px wide (bucket images, same folder as path) for phones and thumbnails; null: none was made.';

-- == Functions ==

-- The sweep keeps a small copy while its photo's row names it, and removes it with the row.
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
      union all select s.pm_photo_1 from public.global_sites s
      union all select s.pm_photo_2 from public.global_sites s
      union all select p.image_url from public.products p
      union all select e.image_url from public.events e
      union all select b.cover_image from public.blogs b
      union all select g.cover_image from public.good_vibes_projects g
      union all select x.photo_url from public.growing_experts x
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
