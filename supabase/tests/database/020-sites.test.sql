-- Schema: the site catalogue's fields with their checks (status, slug, coordinates, JSON shapes),
-- and the seed's built-in data.
begin;
select plan(22);

select columns_are('public', 'global_sites', array[
  'id', 'city', 'city_slug', 'location', 'slug', 'key', 'status', 'booked', 'allotments', 'site_size', 'joined', 'ac_id',
  'coordinates', 'gmap_embed', 'gmap_link', 'stripe_deposit_link', 'form_link', 'promo', 'cta', 'cta_link',
  'cta_setting_id', 'offer_id', 'launchmode', 'description_title', 'description', 'landing_page_description',
  'nearby_attractions', 'food_drinks', 'directions', 'distance_points', 'pm_name', 'pm_message', 'pm_photo_1',
  'pm_photo_2', 'social_media', 'created_at', 'updated_at', 'archived_at', 'first_decline_keeps_place'
], 'global_sites has every catalogue field and no stored waiting_list_count');
select col_is_unique('public', 'global_sites', 'slug', 'site slugs are unique');
select col_is_unique('public', 'redirects', 'source_path', 'one redirect per path');
select col_is_unique('public', 'waiting_list_entries', 'reference', 'applicant references are unique');

select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, status) values ('X', 'x', 'X', 'x-1', 'closed')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_status_check"', 'status is upcoming, active or open');
select lives_ok($$insert into public.global_sites (city, city_slug, location, slug, status) values ('X', 'x', 'X', 'x-2', null)$$,
  'status may be null (counts as upcoming)');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, coordinates) values ('X', 'x', 'X', 'x-3', '95.1,2.0')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_coordinates_check"', 'latitude beyond 90 is refused');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, coordinates) values ('X', 'x', 'X', 'x-4', 'Bath')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_coordinates_check"', 'coordinates must be lat,lng');
select lives_ok($$insert into public.global_sites (city, city_slug, location, slug, coordinates) values ('X', 'x', 'X', 'x-5', '51.38, -2.36')$$,
  'lat, lng with a space is accepted');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug) values ('X', 'x', 'X', 'Not A Slug')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_slug_check"', 'slugs are lowercase words with hyphens');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, directions) values ('X', 'x', 'X', 'x-6', '{"boat": {"minutes": 5}}')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_directions_check"', 'directions only by bike, public transport or car');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, directions) values ('X', 'x', 'X', 'x-7', '{"car": {"minutes": "ten"}}')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_directions_check"', 'direction minutes are numbers');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, distance_points) values ('X', 'x', 'X', 'x-8', '[{"icon": "bike"}]')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_distance_points_check"', 'distance points need icon and text');
select throws_ok($$insert into public.global_sites (city, city_slug, location, slug, social_media) values ('X', 'x', 'X', 'x-9', '{"twitter": "@x"}')$$,
  '23514', 'new row for relation "global_sites" violates check constraint "global_sites_social_media_check"', 'social_media has phone_number, pm_phone_number, pm_email');
select throws_ok($$insert into public.offers (slug, title, settings) values ('bad-offer', 'Bad', '{"path_params": ["slug"]}')$$,
  '23514', 'new row for relation "offers" violates check constraint "offers_settings_check"', 'path_params maps names to site fields');
select throws_ok($$insert into public.redirects (source_path, target) values ('/Our-Sites/', '/sites')$$,
  '23514', 'new row for relation "redirects" violates check constraint "redirects_source_path_check"', 'redirect paths are stored lowercase without a trailing slash');

-- seed
select results_eq(
  $$select id, location, allotments, site_size::float8, coalesce(status, 'upcoming') from public.global_sites where id <= 11 order by id$$,
  $$values (1::bigint, 'Tuckers Meadow', 392, 8::float8, 'open'), (2, 'Avon Views', 209, 6, 'open'), (3, 'Leigh Woods Meadows', 425, 24, 'open'),
    (4, 'Sugar Loaf Fields', 402, 9, 'open'), (5, 'Meadow Hill Fields', 712, 33, 'open'), (6, 'Providence Pastures', 244, 9, 'open'),
    (7, 'Ruddington Fields', 355, 12, 'open'), (8, 'Bowshaw Views', 149, 12, 'open'), (9, 'Galleywood Meadow', 107, 10, 'open'),
    (11, 'Daffodil Views', 16, 16.2, 'upcoming')$$,
  'the built-in sites with their plots, sizes and statuses'
);
select is((select promo from public.global_sites where id = 9), 'PayDay Weekend Offer', 'Chelmsford has its promo');
select results_eq($$select id, cta, promo, link_route from public.cta_settings order by id$$,
  $$values (1::smallint, 'Join Free Today', 'for your first month free', 'landing-site-join'),
    (2::smallint, 'Join Queue', 'FREE £29.99 Starter Bundle When You Join This February', 'sites-cityslug-slug-setup')$$,
  'the two call-to-action settings');
select results_eq(
  $$select substr(source_path, 4) from public.redirects where kind = 'short_link' order by 1$$,
  $$select unnest(array['av','bf','bv','dv','gm','kif','lwm','mhf','nbf','ov','pam','pp','pwp','rf','shp','slf','stp','tm']) order by 1$$,
  'all 18 short codes'
);
select is(
  (select count(*) from public.redirects where source_path in ('/sites/leigh-woods-meadows', '/providence-pastures-leeds-allotments',
    '/our-sites', '/rent-your-land', '/join-us', '/coming-to-worthing-soon', '/notts', '/bathampton',
    '/sites/barnsley-allotments/barnsley', '/sites/peterborough-allotments/peterborough', '/sites/london-allotments/west-london')),
  11::bigint, 'every legacy redirect');
select results_eq(
  $$select u.email::text, r.name from auth.users u join public.profiles p on p.id = u.id left join public.roles r on r.id = p.role_id
    where u.email like '%@example.com' and u.encrypted_password = extensions.crypt('allotments-demo', u.encrypted_password) order by u.email$$,
  $$values ('expert@example.com', null), ('founder@example.com', 'founder'), ('member@example.com', null), ('official@example.com', 'roots_official'),
    ('patch@example.com', 'patch_manager'), ('team@example.com', 'roots_team')$$,
  'the demo users sign in with allotments-demo and have their roles'
);

select * from finish();
rollback;
