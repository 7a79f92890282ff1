-- Inspection photos past their time (20250123000000_inspection_photo_retention.sql): which objects
-- of bucket inspection-photos the plot-inspections function removes (24 months after a recorded
-- inspection, 31 days after an upload no inspection names), how the removed names leave their
-- inspections, who may ask, and the daily schedule.
begin;
select plan(12);

select tests.create_actors();
select private.plot_flow(true);
insert into public.plots (site_id, number, status) values (9001, 'R1', 'let');
select private.plot_flow(false);

-- Three inspections of plot R1: 25 months, 23 months and a day ago, each with photos.
insert into public.plot_inspections (id, plot_id, site_id, score, pass_mark, outcome, inspected_at, photos)
select v.id, p.id, 9001, 4, 3, 'passed', now() - v.age, v.photos
from public.plots p, (values
  ('00000000-0000-4000-b000-000000000a01'::uuid, interval '25 months',
   array['9001/00000000-0000-4000-b000-000000000a01/1.jpg', '9001/00000000-0000-4000-b000-000000000a01/2.jpg']),
  ('00000000-0000-4000-b000-000000000a02'::uuid, interval '23 months', array['9001/00000000-0000-4000-b000-000000000a02/1.jpg']),
  ('00000000-0000-4000-b000-000000000a03'::uuid, interval '1 day', array['9001/00000000-0000-4000-b000-000000000a03/1.jpg'])
) v (id, age, photos)
where p.site_id = 9001 and p.number = 'R1';

-- The objects as the Storage server records them: every photo of those inspections, uploaded when
-- they were made, and two uploads no inspection names (one from 32 days ago, one from 2 days ago).
create or replace function pg_temp.object(p_name text, p_age interval)
returns void
language sql
as $$
  insert into storage.objects (bucket_id, name, created_at, updated_at, metadata)
  values ('inspection-photos', p_name, now() - p_age, now() - p_age, '{"mimetype": "image/jpeg", "size": 68}')
$$;
select pg_temp.object(n, interval '1 day') from unnest(array[
  '9001/00000000-0000-4000-b000-000000000a01/1.jpg', '9001/00000000-0000-4000-b000-000000000a01/2.jpg',
  '9001/00000000-0000-4000-b000-000000000a02/1.jpg', '9001/00000000-0000-4000-b000-000000000a03/1.jpg']) n;
select pg_temp.object('9001/00000000-0000-4000-b000-000000000b01/1.jpg', interval '32 days');
select pg_temp.object('9001/00000000-0000-4000-b000-000000000b02/1.jpg', interval '2 days');
-- A photo first uploaded 40 days ago and re-sent (upserted) now is judged by its last upload:
-- Storage's own trigger stamps updated_at on every change.
select pg_temp.object('9001/00000000-0000-4000-b000-000000000b03/1.jpg', interval '40 days');
update storage.objects set metadata = metadata || '{"size": 70}'
where bucket_id = 'inspection-photos' and name = '9001/00000000-0000-4000-b000-000000000b03/1.jpg';
-- An object of another bucket with an old inspection's name is never this sweep's.
insert into storage.objects (bucket_id, name, created_at) values
  ('images', '9001/00000000-0000-4000-b000-000000000a01/1.jpg', now() - interval '3 years');

create or replace function pg_temp.expired(p_now timestamptz default now())
returns text[]
language sql
as $$
  select coalesce(array_agg(n order by n), '{}') from public.expired_inspection_photos(p_now) n
  where n like '9001/00000000-0000-4000-b000-%'
$$;

-- ============================================================================
-- what is past its time
-- ============================================================================
select is(pg_temp.expired(), array[
    '9001/00000000-0000-4000-b000-000000000a01/1.jpg', '9001/00000000-0000-4000-b000-000000000a01/2.jpg',
    '9001/00000000-0000-4000-b000-000000000b01/1.jpg'],
  'expired: the photos of an inspection over 24 months old, and an upload no inspection named for 31 days');
select ok(not '9001/00000000-0000-4000-b000-000000000a02/1.jpg' = any(pg_temp.expired()),
  'a 23-month-old inspection keeps its photos');
select ok(not '9001/00000000-0000-4000-b000-000000000b02/1.jpg' = any(pg_temp.expired()),
  'an upload from 2 days ago may still be recorded by its phone, so it stays');
select ok(not '9001/00000000-0000-4000-b000-000000000b03/1.jpg' = any(pg_temp.expired()),
  'an upload first made 40 days ago but re-sent now counts from now');
select is(pg_temp.expired(now() + interval '2 months'), array[
    '9001/00000000-0000-4000-b000-000000000a01/1.jpg', '9001/00000000-0000-4000-b000-000000000a01/2.jpg',
    '9001/00000000-0000-4000-b000-000000000a02/1.jpg', '9001/00000000-0000-4000-b000-000000000b01/1.jpg',
    '9001/00000000-0000-4000-b000-000000000b02/1.jpg', '9001/00000000-0000-4000-b000-000000000b03/1.jpg'],
  'two months on, the 23-month-old inspection''s photos and the other unnamed uploads are due too; the recent inspection''s are not');
select is((select count(*)::int from public.expired_inspection_photos(now(), 1) n where n like '9001/%'), 1,
  'the limit caps the answer');

-- ============================================================================
-- removed names leave their inspections
-- ============================================================================
select is(public.forget_inspection_photos(array['9001/00000000-0000-4000-b000-000000000a01/1.jpg',
  '9001/00000000-0000-4000-b000-000000000b01/1.jpg']), 1, 'one inspection named a removed photo');
select results_eq(
  $$select id::text, photos from public.plot_inspections where id::text like '00000000-0000-4000-b000-000000000a0%' order by id$$,
  $$values ('00000000-0000-4000-b000-000000000a01', array['9001/00000000-0000-4000-b000-000000000a01/2.jpg']),
    ('00000000-0000-4000-b000-000000000a02', array['9001/00000000-0000-4000-b000-000000000a02/1.jpg']),
    ('00000000-0000-4000-b000-000000000a03', array['9001/00000000-0000-4000-b000-000000000a03/1.jpg'])$$,
  'the removed name leaves its inspection, which keeps the rest in order; the others are untouched');

-- ============================================================================
-- who may ask, and when it runs
-- ============================================================================
select is(tests.attempt('official', $$select public.expired_inspection_photos()$$),
  'error:permission denied for function expired_inspection_photos', 'not even an admin lists them (only the service role)');
select is(tests.attempt('pm_a', $$select public.forget_inspection_photos(array['x'])$$),
  'error:permission denied for function forget_inspection_photos', 'nor may staff take photos off an inspection');
select is(tests.attempt('anon', $$select public.forget_inspection_photos(array['x'])$$),
  'error:permission denied for function forget_inspection_photos', 'nor a visitor');
select is((select schedule || ' ' || command from cron.job where jobname = 'sweep-inspection-photos'),
  '50 3 * * * select private.post_to_function(''plot-inspections'', ''{"action": "sweep"}'')',
  'the plot-inspections function sweeps daily at 03:50');

select * from finish();
rollback;
