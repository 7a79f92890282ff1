-- Images nobody shows any more leave the bucket. A replaced or removed site photo,
-- patch manager photo, product, event or blog image stayed in the public bucket for good: a
-- patch manager who left stayed one URL away, and every abandoned upload took space. Storage
-- objects can only be removed through the Storage API (Supabase refuses DELETE on
-- storage.objects: storage.protect_delete), so the database names them and the `images` edge
-- function removes them, hourly, through pg_cron and pg_net.
--
-- An object is unused when it sits under a folder the admin uploads to (blogs/, events/,
-- products/, sites/), no image column names it (by name, or by its public URL pasted into a link
-- field), and it was uploaded before the cut-off the
-- caller gives (the function passes a day ago: an image chosen in a form still being filled in
-- is not yet saved anywhere).

-- == Functions ==

-- Names of unused objects in bucket images uploaded before p_uploaded_before, oldest first, at
-- most p_limit. Security invoker for the service role only: it reads storage.objects as the
-- Storage API's own role does, and every table holding an image name.
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
comment on function public.unused_images(timestamptz, integer) is
  'Objects of bucket images under blogs/, events/, products/ or sites/ that no image column names, uploaded before the cut-off: what the images function removes.';

-- == Grants ==

revoke all on function public.unused_images(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.unused_images(timestamptz, integer) to service_role;

-- == Cron ==

select cron.schedule('sweep-unused-images', '40 * * * *',
  $$select private.post_to_function('images', '{"action": "sweep"}')$$);
