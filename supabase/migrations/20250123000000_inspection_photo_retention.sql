-- Inspection photos are not kept for ever. A photo of a plot can show its tenant, their family or
-- their things, and it is needed only while an inspection can still be questioned:
--   * a recorded inspection's photos are removed 24 months after the inspection (its score, note
--     and outcome stay as the plot's record);
--   * a photo uploaded for an inspection that was never recorded (the phone's queue discarded it,
--     or a send failed for good) is removed 31 days after its last upload: record_inspection
--     refuses an inspection more than 30 days old, so nothing can name it any more.
-- Storage objects can only be removed through the Storage API (Supabase refuses DELETE on
-- storage.objects: storage.protect_delete), so the database names them and the plot-inspections
-- function removes them, daily, through pg_cron and pg_net, then forgets the removed names on
-- their inspections (forget_inspection_photos).

-- == Functions ==

-- Names of the objects of bucket inspection-photos past their time at p_now, oldest first, at
-- most p_limit. Security invoker for the service role only: it reads storage.objects as the
-- Storage API's own role does. An object is named <site id>/<inspection id>/<n>.<ext>.
create or replace function public.expired_inspection_photos(p_now timestamptz default now(), p_limit integer default 1000)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select o.name
  from storage.objects o
  left join public.plot_inspections i
    on i.id = case when split_part(o.name, '/', 2) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then split_part(o.name, '/', 2)::uuid end
  where o.bucket_id = 'inspection-photos'
    and case
      when i.id is not null then i.inspected_at < p_now - interval '24 months'
      else coalesce(o.updated_at, o.created_at) < p_now - interval '31 days'
    end
  order by o.created_at, o.name
  limit greatest(least(coalesce(p_limit, 1000), 1000), 0)
$$;
comment on function public.expired_inspection_photos(timestamptz, integer) is
  'Objects of bucket inspection-photos past their time: 24 months after a recorded inspection, 31 days after an upload no inspection names. What the plot-inspections function removes.';

-- After the function has removed objects: each inspection that named one no longer does.
-- Answers how many inspections changed. Service role only.
create or replace function public.forget_inspection_photos(p_names text[])
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with changed as (
    update public.plot_inspections i
    set photos = array(select p from unnest(i.photos) with ordinality u (p, n) where p <> all (p_names) order by n)
    where i.photos && coalesce(p_names, '{}')
    returning 1
  )
  select count(*)::integer from changed
$$;
comment on function public.forget_inspection_photos(text[]) is
  'Takes removed photo names off the inspections that named them; answers how many inspections changed.';

-- == Grants ==

revoke all on function public.expired_inspection_photos(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.forget_inspection_photos(text[]) from public, anon, authenticated;
grant execute on function public.expired_inspection_photos(timestamptz, integer) to service_role;
grant execute on function public.forget_inspection_photos(text[]) to service_role;

-- == Cron ==

select cron.schedule('sweep-inspection-photos', '50 3 * * *',
  $$select private.post_to_function('plot-inspections', '{"action": "sweep"}')$$);
