-- A site photo's thumbnail copy. The gallery's thumbnails are drawn 88 px wide, and
-- every one downloaded the photo's small copy (800 px): on a site page with three photos a phone
-- fetched three copies made for its full width to show three stamps. The admin's upload and the
-- seed now store a third object at most 264 px wide (three device pixels to each of the 88), and
-- the thumbnails show it.
--
-- thumb_path names that object under the same rules as small_path (20250116000000): in the photo's
-- folder, never the photo itself; null where none was made (a GIF or ICO kept as it is, a photo
-- already that small, a row from before this change), and the thumbnail then shows the small
-- copy, else the photo.

alter table public.site_photos add column thumb_path text;
alter table public.site_photos add constraint site_photos_thumb_path_check check (
  thumb_path is null or (
    thumb_path ~ '^sites/[a-z0-9]+(-[a-z0-9]+)*/[^/\s]+$'
    and thumb_path <> path
    and split_part(thumb_path, '/', 2) = split_part(path, '/', 2)
  )
);
comment on column public.site_photos.thumb_path is
  'The photo at most 264 px wide (bucket images, same folder as path) for the gallery''s thumbnails; null: none was made.';

-- == Functions ==

-- As in 20250116000000_site_photo_small.sql, keeping a thumbnail while its photo's row names it.
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

comment on column public.site_photos.small_path is
  'The photo at most 800 px wide (bucket images, same folder as path) for phones; null: none was made.';
