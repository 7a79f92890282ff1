-- Settings: the tag-manager id (app_settings 'gtm_id') is refused with a readable message unless
-- it is GTM- and upper-case letters or digits, on insert and update; only admins write settings.
begin;
select plan(8);

select tests.create_actors();

-- ============================================================================
-- tag-manager id (app_settings 'gtm_id')
-- ============================================================================
delete from public.app_settings where key = 'gtm_id';
select tests.authenticate_as('founder');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"GTM-ab12"')$$,
  '23514', 'This is not a valid GTM-ID', 'lower-case letters are refused');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"UA-123456"')$$,
  '23514', 'This is not a valid GTM-ID', 'another prefix is refused');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"GTM-"')$$,
  '23514', 'This is not a valid GTM-ID', 'the prefix alone is refused');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '123')$$,
  '23514', 'This is not a valid GTM-ID', 'a number is refused');
select lives_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"GTM-AB12CD3"')$$, 'GTM-AB12CD3 is accepted');
select throws_ok($$update public.app_settings set value = '"GTM-AB 12"' where key = 'gtm_id'$$,
  '23514', 'This is not a valid GTM-ID', 'an update is checked too');
select tests.authenticate_as('pm_a');
select throws_ok($$insert into public.app_settings (key, value) values ('other_key', '"GTM-ZZ1"')$$,
  '42501', 'new row violates row-level security policy for table "app_settings"', 'a patch manager cannot write settings');
select tests.clear_authentication();
select is((select value #>> '{}' from public.app_settings where key = 'gtm_id'), 'GTM-AB12CD3', 'the valid id is kept');

select * from finish();
rollback;
