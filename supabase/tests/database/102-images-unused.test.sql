-- Unused images (20250114000000_unused_images.sql): which objects of bucket images no row shows
-- any more, for the images function to remove; who may ask; the hourly schedule.
begin;
select plan(14);

select tests.create_actors();

-- Objects as the Storage server records them, uploaded two days or an hour ago.
create or replace function pg_temp.object(p_name text, p_age interval)
returns void
language sql
as $$
  insert into storage.objects (bucket_id, name, created_at, metadata)
  values ('images', p_name, now() - p_age, '{"mimetype": "image/png", "size": 68}')
$$;
select pg_temp.object(n, interval '2 days') from unnest(array[
  'products/t97-shown.png', 'products/t97-by-url.png', 'products/t97-gone.png',
  'events/t97-shown.png', 'blogs/t97-shown.png', 'blogs/t97-gone.png',
  'sites/test-site-a/t97-gallery.png', 'sites/test-site-a/t97-gallery-small.png', 'sites/test-site-a/t97-gallery-thumb.png', 'sites/test-site-a/t97-pm.png', 'sites/test-site-a/t97-old-pm.png',
  'elsewhere/t97.png']) n;
select pg_temp.object('products/t97-fresh.png', interval '1 hour');
update storage.objects set created_at = now() - interval '3 days'
where bucket_id = 'images' and name = 'blogs/t97-gone.png';

insert into public.products (name, slug, price_pence, image_url) values
  ('T97 shown', 't97-shown', 100, 'products/t97-shown.png'),
  ('T97 by URL', 't97-by-url', 100, 'https://abc.supabase.co/storage/v1/object/public/images/products/t97-by-url.png');
insert into public.events (slug, title, starts_at, image_url) values ('t97', 'T97', now() + interval '1 month', 'events/t97-shown.png');
insert into public.blogs (slug, title, cover_image) values ('t97', 'T97', 'blogs/t97-shown.png');
insert into public.site_photos (site_id, path, small_path, thumb_path, alt)
values (9001, 'sites/test-site-a/t97-gallery.png', 'sites/test-site-a/t97-gallery-small.png', 'sites/test-site-a/t97-gallery-thumb.png', 'A photo');
update public.global_sites set pm_photo_1 = 'sites/test-site-a/t97-pm.png' where id = 9001;

create or replace function pg_temp.unused(p_limit integer default 1000)
returns text[]
language sql
as $$
  select coalesce(array_agg(n), '{}') from (
    select n from public.unused_images(now() - interval '1 day', p_limit) n where n like '%t97%'
  ) u
$$;

-- ============================================================================
-- what counts as unused
-- ============================================================================
select is(pg_temp.unused(), array['blogs/t97-gone.png', 'products/t97-gone.png', 'sites/test-site-a/t97-old-pm.png'],
  'unused: old objects under an upload folder that no row names, oldest first');
select ok(not 'products/t97-shown.png' = any(pg_temp.unused()), 'a product''s image is kept');
select ok(not 'products/t97-by-url.png' = any(pg_temp.unused()), 'an image named by its public URL is kept');
select ok(not 'sites/test-site-a/t97-gallery.png' = any(pg_temp.unused()) and not 'sites/test-site-a/t97-gallery-small.png' = any(pg_temp.unused())
  and not 'sites/test-site-a/t97-gallery-thumb.png' = any(pg_temp.unused()) and not 'sites/test-site-a/t97-pm.png' = any(pg_temp.unused()),
  'a gallery photo, its small copy, its thumbnail and a patch manager photo are kept');
select ok(not 'products/t97-fresh.png' = any(pg_temp.unused()), 'an upload from the last day is kept (its form may be open)');
select ok(not 'elsewhere/t97.png' = any(pg_temp.unused()), 'objects outside the upload folders are never named');

-- Replacing the patch manager's photo frees the old one; a deleted product frees its image.
update public.global_sites set pm_photo_1 = 'sites/test-site-a/t97-old-pm.png' where id = 9001;
delete from public.products where slug = 't97-shown';
select is(pg_temp.unused(), array['blogs/t97-gone.png', 'products/t97-gone.png', 'products/t97-shown.png', 'sites/test-site-a/t97-pm.png'],
  'a replaced photo and a deleted product''s image become unused');
select is((select count(*)::int from public.unused_images(now() - interval '1 day', 2)), 2, 'the limit caps the answer');
delete from public.site_photos where path = 'sites/test-site-a/t97-gallery.png';
select ok(pg_temp.unused() @> array['sites/test-site-a/t97-gallery.png', 'sites/test-site-a/t97-gallery-small.png', 'sites/test-site-a/t97-gallery-thumb.png'],
  'a removed gallery photo frees its small copy and thumbnail with it');

-- Every image column is one the sweep reads (a column it did not know would lose its images).
select is(
  (select coalesce(array_agg(c.table_name || '.' || c.column_name order by 1), '{}')
   from information_schema.columns c
   join information_schema.tables t using (table_schema, table_name)
   where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type = 'text'
     and (c.column_name ~ '(image|photo|picture|avatar|logo|cover)' or (c.column_name = 'path' and c.table_name <> 'kb_articles'))
     and c.column_name !~ '_alt$'
     and strpos(pg_get_functiondef('public.unused_images(timestamptz, integer)'::regprocedure),
       '.' || c.column_name || ' from public.' || c.table_name || ' ') = 0),
  '{}'::text[],
  'every image column of the public schema is read by unused_images'
);

-- ============================================================================
-- who may ask
-- ============================================================================
select is(tests.attempt('anon', $$select public.unused_images(now())$$),
  'error:permission denied for function unused_images', 'a visitor cannot list unused images');
select is(tests.attempt('founder', $$select public.unused_images(now())$$),
  'error:permission denied for function unused_images', 'nor can an admin through the API');
select ok(tests.attempt('service_role', $$select public.unused_images(now())$$) like 'ok:%', 'the service role may');

-- ============================================================================
-- the schedule
-- ============================================================================
select ok(exists (select 1 from cron.job where jobname = 'sweep-unused-images' and schedule = '40 * * * *'
  and command like '%post_to_function(''images'', ''{"action": "sweep"}'')%'), 'the sweep runs hourly through the images function');

select * from finish();
rollback;
