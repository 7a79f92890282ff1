-- A site's plan image (20250122000100_site_plan_images.sql): placed and removed by the site's
-- staff only, from the site's own uploaded images, at corners that are a place on the map; part of
-- the public plan (no personal data, nobody reads the table itself); the image cleanup keeps it
-- while it is the plan's.
begin;
select plan(17);

select tests.create_actors();
insert into storage.objects (bucket_id, name, metadata, created_at) values
  ('images', 'sites/test-site-a/plan.png', '{"mimetype": "image/png", "size": 68}', now() - interval '2 days'),
  ('images', 'sites/test-site-a/older-plan.png', '{"mimetype": "image/png", "size": 68}', now() - interval '2 days'),
  ('images', 'sites/test-site-b/plan.png', '{"mimetype": "image/png", "size": 68}', now() - interval '2 days');

-- ============================================================================
-- who places it, and what is refused
-- ============================================================================
select is(tests.attempt('pm_b', $$select public.set_site_plan_image(9001, 'sites/test-site-a/plan.png', 51.38, -2.37, 51.39, -2.36)$$),
  'error:Only the site''s staff can change its plan', 'another site''s patch manager cannot place it');
select is(tests.attempt('member', $$select public.set_site_plan_image(9001, 'sites/test-site-a/plan.png', 51.38, -2.37, 51.39, -2.36)$$),
  'error:Only the site''s staff can change its plan', 'nor a member');
select is(tests.attempt('anon', $$select public.set_site_plan_image(9001, 'sites/test-site-a/plan.png', 51.38, -2.37, 51.39, -2.36)$$),
  'error:permission denied for function set_site_plan_image', 'nor a visitor');
select is(tests.attempt('pm_a', $$select public.set_site_plan_image(9001, 'sites/test-site-b/plan.png', 51.38, -2.37, 51.39, -2.36)$$),
  'error:The plan image must be one of this site''s images', 'the image must be the site''s own');
select is(tests.attempt('pm_a', $$select public.set_site_plan_image(9001, 'sites/test-site-a/missing.png', 51.38, -2.37, 51.39, -2.36)$$),
  'error:That image has not been uploaded', 'and uploaded');
select is(tests.attempt('pm_a', $$select public.set_site_plan_image(9001, 'sites/test-site-a/plan.png', 51.39, -2.37, 51.38, -2.36)$$),
  'error:The image''s corners are not a place on the map', 'south must be below north');
select is(tests.attempt('pm_a', $$select public.set_site_plan_image(9001, 'sites/test-site-a/plan.png', 51.38, -2.37, 91, -2.36)$$),
  'error:The image''s corners are not a place on the map', 'and on the earth');
select is(tests.attempt('pm_a', $$select public.set_site_plan_image(-1, 'sites/test-site-a/plan.png', 51.38, -2.37, 51.39, -2.36)$$),
  'error:Site not found', 'an unknown site is not found');
select is((select count(*)::int from private.site_plan_images), 0, 'nothing refused was stored');

select tests.authenticate_as('pm_a');
select is(public.set_site_plan_image(9001, 'sites/test-site-a/older-plan.png', 51.38, -2.37, 51.39, -2.36) ->> 'path',
  'sites/test-site-a/older-plan.png', 'the site''s patch manager places it');
select is(public.set_site_plan_image(9001, 'sites/test-site-a/plan.png', 51.381, -2.371, 51.391, -2.361) -> 'bounds',
  '[[51.381, -2.371], [51.391, -2.361]]'::jsonb, 'and replaces and moves it, one per site');
select tests.clear_authentication();
select is((select count(*)::int from public.audit_log where table_name = 'site_plan_images'), 2, 'each change is in the audit log');

-- ============================================================================
-- who sees it
-- ============================================================================
select tests.authenticate_as_anon();
select is(public.site_plan(9001) -> 'background' ->> 'path', 'sites/test-site-a/plan.png', 'a visitor''s plan draws it');
select tests.clear_authentication();
select is(tests.attempt('member', $$select * from private.site_plan_images$$),
  'error:permission denied for table site_plan_images', 'nobody reads the table itself');

-- ============================================================================
-- the image cleanup keeps it; removing it
-- ============================================================================
select is(array(select u.i from public.unused_images(now()) u(i) where u.i like 'sites/test-site-a/%'),
  array['sites/test-site-a/older-plan.png'], 'the cleanup keeps the plan''s image and offers the replaced one');
select is(tests.attempt('pm_b', $$select public.clear_site_plan_image(9001)$$),
  'error:Only the site''s staff can change its plan', 'another site''s staff cannot remove it');
select tests.authenticate_as('pm_a');
select public.clear_site_plan_image(9001);
select is(public.site_plan(9001) -> 'background', 'null'::jsonb, 'the site''s staff remove it');
select tests.clear_authentication();

select * from finish();
rollback;
