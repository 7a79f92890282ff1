-- Demo data for the operations screens of the admin area (issue 9), after seed.sql: promo bars
-- per site and with dates, marketing spend per site and campaign with the tag-manager id,
-- event capacities, tasks on the board, and a draft course.

-- The site-wide bar reads differently from the February call-to-action promo, so a page that
-- shows both is not ambiguous to read (or to find by its text).
update public.promo_bars set text = 'Join this February and get a free Starter Bundle (worth £29.99)'
where text = 'FREE £29.99 Starter Bundle when you join this February';
update public.promo_bars set site_id = 9, starts_at = now() - interval '1 day', ends_at = now() + interval '30 days'
where text = 'PayDay Weekend Offer at Galleywood Meadow';

update public.marketing_expenses set site_id = 1, campaign = 'Spring open days' where description = 'Spring campaign, Bath';
update public.marketing_expenses set site_id = 11, campaign = 'Chester launch' where description = 'Leaflets for Chester pre-registration';
insert into public.marketing_expenses (channel, campaign, description, amount_pence, spent_on, site_id, created_by) values
  ('Search', 'Spring open days', 'Search ads, Bath sites', 30000, current_date - 20, 2, '00000000-0000-4000-a000-000000000001'),
  ('Radio', 'Brand', 'Regional radio, every site', 80000, current_date - 5, null, '00000000-0000-4000-a000-000000000003');

insert into public.app_settings (key, value) values ('gtm_id', '"GTM-ROOTS01"') on conflict (key) do nothing;

update public.events set capacity = 40 where slug = 'spring-seed-swap';
update public.events set capacity = 15 where slug = 'composting-workshop';

insert into public.tasks (title, description, site_id, assigned_to, status, due_on, created_by) values
  ('Mow the paths', null, 3, '00000000-0000-4000-a000-000000000002', 'todo', current_date + 7, '00000000-0000-4000-a000-000000000001'),
  ('Welcome pack for new plot holders', 'Print and fill 20 packs', 1, '00000000-0000-4000-a000-000000000001', 'done', current_date - 2, '00000000-0000-4000-a000-000000000001');

insert into public.courses (slug, title, summary, expert_id, published) values
  ('fruit-trees-for-beginners', 'Fruit trees for beginners', 'Choosing, planting and pruning your first trees.', 2, false)
on conflict (slug) do nothing;
insert into public.course_contents (course_id, position, title, content, published)
select c.id, 0, 'Choosing a tree',
  '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Start with a self-fertile apple on a dwarfing rootstock."}]}]}', false
from public.courses c where c.slug = 'fruit-trees-for-beginners'
  and not exists (select 1 from public.course_contents x where x.course_id = c.id);
