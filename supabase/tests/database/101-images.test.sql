-- Images (20250107000000_images.sql): the public bucket `images` with the image picker's types
-- and a 5 MiB limit; who may write objects in it (RLS on storage.objects, as the Storage API
-- runs its writes as the caller); each site's photo gallery, site_photos.
begin;
select plan(38);

select tests.create_actors();

-- ============================================================================
-- the bucket
-- ============================================================================
select results_eq(
  $$select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'images'$$,
  $$values (true, 5242880::bigint, array['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon'])$$,
  'images is public, at most 5 MiB, png, gif, jpeg, bmp and icon files only'
);
select is((select name from storage.buckets where id = 'images'), 'images', 'the bucket''s name is its id');

-- ============================================================================
-- objects: who may write where
-- ============================================================================
create or replace function pg_temp.put(p_actor text, p_name text)
returns text
language sql
as $$
  select tests.attempt(p_actor, format(
    $q$insert into storage.objects (bucket_id, name, metadata) values ('images', %L, '{"mimetype": "image/png", "size": 68}')$q$, p_name))
$$;
create or replace function pg_temp.refused()
returns text
language sql
as $$ select 'error:new row violates row-level security policy for table "objects"' $$;

select is(pg_temp.put('anon', 'sites/test-site-a/anon.png'), pg_temp.refused(), 'a visitor cannot upload an image');
select is(pg_temp.put('member', 'sites/test-site-a/member.png'), pg_temp.refused(), 'a member cannot upload an image');
select is(pg_temp.put('impostor', 'products/impostor.png'), pg_temp.refused(), 'a member claiming a role in user_metadata cannot upload');
select is(pg_temp.put('team', 'sites/test-site-b/team.png'), 'ok:1', 'roots_team may upload to any site''s folder');
select is(pg_temp.put('founder', 'products/founder.png'), 'ok:1', 'a founder may upload a product image');
select is(pg_temp.put('official', 'events/official.png'), 'ok:1', 'roots_official may upload an event image');
select is(pg_temp.put('pm_a', 'sites/test-site-a/pm.png'), 'ok:1', 'a patch manager may upload under their own site''s folder');
select is(pg_temp.put('pm_a', 'sites/test-site-b/pm.png'), pg_temp.refused(), 'a patch manager may not upload under another site''s folder');
select is(pg_temp.put('pm_a', 'products/pm.png'), pg_temp.refused(), 'a patch manager may not upload outside the sites folder');
select is(pg_temp.put('pm_a', 'sites/test-site-a/deeper/pm.png'), pg_temp.refused(), 'a patch manager may not upload into a folder below their site''s');
insert into storage.buckets (id, name, public) values ('other', 'other', true);
select is(tests.attempt('team', $$insert into storage.objects (bucket_id, name) values ('other', 'sites/test-site-a/x.png')$$),
  pg_temp.refused(), 'the policies open bucket images only');

-- An object to read, update and delete, written as the Storage server writes it.
insert into storage.objects (bucket_id, name, metadata) values
  ('images', 'sites/test-site-a/fixture.png', '{"mimetype": "image/png", "size": 68}'),
  ('images', 'sites/test-site-b/fixture.png', '{"mimetype": "image/png", "size": 68}');

-- A public bucket serves its files by URL with no policy (Storage reads them as itself); listing
-- and object info as the caller show staff the objects they may change, and nobody else any.
select is(tests.count_as('anon', $$select 1 from storage.objects where bucket_id = 'images' and name like 'sites/%/fixture.png'$$), 0::bigint,
  'a visitor cannot list the objects of images');
select is(tests.count_as('member', $$select 1 from storage.objects where bucket_id = 'images' and name like 'sites/%/fixture.png'$$), 0::bigint,
  'a member cannot list the objects of images');
select is(tests.count_as('pm_a', $$select 1 from storage.objects where bucket_id = 'images' and name like 'sites/%/fixture.png'$$), 1::bigint,
  'a patch manager sees the image of their own site only');
select is(tests.count_as('team', $$select 1 from storage.objects where bucket_id = 'images' and name like 'sites/%/fixture.png'$$), 2::bigint,
  'an admin sees every image');
select is(tests.attempt('member', $$update storage.objects set metadata = '{}' where bucket_id = 'images'$$), 'ok:0',
  'a member changes no image');
select is(tests.attempt('pm_a', $$update storage.objects set metadata = '{}' where bucket_id = 'images' and name like 'sites/%/fixture.png'$$), 'ok:1',
  'a patch manager changes only the image of their own site');
select is(tests.attempt('pm_a', $$update storage.objects set name = 'sites/test-site-b/moved.png' where name = 'sites/test-site-a/fixture.png'$$),
  pg_temp.refused(), 'a patch manager cannot move their image into another site''s folder');
select is(tests.attempt('team', $$update storage.objects set metadata = '{}' where bucket_id = 'images' and name like 'sites/%/fixture.png'$$), 'ok:2',
  'an admin may change any image');
-- The Storage API says it is deleting (storage.protect_delete refuses a direct delete otherwise).
set local storage.allow_delete_query = 'true';
select is(tests.attempt('pm_a', $$delete from storage.objects where bucket_id = 'images' and name like 'sites/%/fixture.png'$$),
  'ok:1', 'a patch manager deletes only the image of their own site');
select is(tests.attempt('member', $$delete from storage.objects where bucket_id = 'images'$$), 'ok:0', 'a member deletes no image');

-- ============================================================================
-- site_photos
-- ============================================================================
select columns_are('public', 'site_photos', array['id', 'site_id', 'path', 'small_path', 'thumb_path', 'alt', 'sort_order', 'created_at'],
  'site_photos: site, object path, its small copy and thumbnail, alt text, order');
insert into public.site_photos (site_id, path, alt, sort_order) values
  (9001, 'sites/test-site-a/one.jpg', 'Raised beds in spring', 1),
  (9001, 'sites/test-site-a/two.jpg', 'The gate', 0);

select results_eq(
  $$select path from public.site_photos where site_id = 9001 order by sort_order$$,
  $$values ('sites/test-site-a/two.jpg'), ('sites/test-site-a/one.jpg')$$,
  'a site''s photos come back in their order'
);
select is(tests.count_as('anon', 'select 1 from public.site_photos where site_id = 9001'), 2::bigint, 'anyone may read site photos');
select is(
  tests.attempt('member', $$insert into public.site_photos (site_id, path, alt) values (9001, 'sites/test-site-a/m.jpg', 'Mine')$$),
  'error:new row violates row-level security policy for table "site_photos"', 'a member cannot add a site photo');
select is(
  tests.attempt('team', $$insert into public.site_photos (site_id, path, alt) values (9002, 'sites/test-site-b/t.jpg', 'The shed')$$),
  'ok:1', 'staff may add a photo to any site');
select is(
  tests.attempt('pm_b', $$insert into public.site_photos (site_id, path, alt) values (9001, 'sites/test-site-a/b.jpg', 'Not mine')$$),
  'error:new row violates row-level security policy for table "site_photos"', 'a patch manager cannot add a photo to another site');
select is(tests.attempt('pm_a', $$update public.site_photos set sort_order = 5 where site_id = 9001$$), 'ok:2',
  'a patch manager may reorder their site''s photos');
select throws_ok(
  $$insert into public.site_photos (site_id, path, alt) values (9001, 'sites/test-site-a/blank.jpg', '   ')$$,
  '23514', 'new row for relation "site_photos" violates check constraint "site_photos_alt_check"', 'every photo has alt text');
select throws_ok(
  $$insert into public.site_photos (site_id, path, alt) values (9001, 'products/p.jpg', 'A product')$$,
  '23514', 'new row for relation "site_photos" violates check constraint "site_photos_path_check"', 'a site photo is an object under sites/');
-- The small copy sits beside its photo: a patch manager who may write one folder cannot point a
-- photo of their site at another site's object, nor at the photo itself.
select throws_ok(
  $$insert into public.site_photos (site_id, path, small_path, alt) values (9001, 'sites/test-site-a/c.jpg', 'sites/test-site-b/c-small.jpg', 'Beds')$$,
  '23514', 'new row for relation "site_photos" violates check constraint "site_photos_small_path_check"', 'a small copy is in its photo''s folder');
select is(
  tests.attempt('pm_a', $$insert into public.site_photos (site_id, path, small_path, alt) values (9001, 'sites/test-site-a/d.jpg', 'sites/test-site-a/d.jpg', 'Beds')$$),
  'error:new row for relation "site_photos" violates check constraint "site_photos_small_path_check"', 'and is not the photo itself');
-- So does the thumbnail.
select throws_ok(
  $$insert into public.site_photos (site_id, path, thumb_path, alt) values (9001, 'sites/test-site-a/e.jpg', 'sites/test-site-b/e-thumb.jpg', 'Beds')$$,
  '23514', 'new row for relation "site_photos" violates check constraint "site_photos_thumb_path_check"', 'a thumbnail is in its photo''s folder');
select is(
  tests.attempt('pm_a', $$insert into public.site_photos (site_id, path, thumb_path, alt) values (9001, 'sites/test-site-a/f.jpg', 'sites/test-site-a/f.jpg', 'Beds')$$),
  'error:new row for relation "site_photos" violates check constraint "site_photos_thumb_path_check"', 'and is not the photo itself');

-- ============================================================================
-- image columns may name an object
-- ============================================================================
select lives_ok(
  $$insert into public.products (name, slug, price_pence, image_url) values ('Trug', 'trug-095', 100, 'products/3f2a9c.jpg')$$,
  'a product image may be an object under products/ in bucket images');
select throws_ok(
  $$insert into public.products (name, slug, price_pence, image_url) values ('Trug', 'trug-095b', 100, 'products/notes.txt')$$,
  '23514', 'new row for relation "products" violates check constraint "products_image_allowed"', 'but only an image file name');

select * from finish();
rollback;
