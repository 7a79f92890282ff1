-- Demo data for the operations screens of the admin area, after seed.sql: promo bars
-- per site and with dates, marketing spend per site and campaign with the tag-manager id,
-- event capacities, tasks on the board, a draft course, and what the public content forms sent
-- (applications for the open roles, sowing-reminder sign-ups) for their admin lists.

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

-- Applications for the open roles (seed.sql and 10_content.sql), new, in review and rejected, days apart.
insert into public.career_applications (career_id, name, email, cv_url, message)
select c.id, v.name, v.email, v.cv_url, v.message
from (values
  ('patch-manager-bristol', 'Hazel Applicant', 'hazel.applicant@example.com', 'https://cv.example.com/hazel-applicant.pdf',
   E'I have run a community orchard in Easton for six years.\nSaturday mornings suit me well.'),
  ('patch-manager-bristol', 'Omar Seedling', 'omar.seedling@example.com', 'https://cv.example.com/omar-seedling.pdf', null),
  ('growing-assistant', 'Priya Potter', 'priya.potter@example.com', 'https://drive.example.com/priya-potter-cv', 'Two seasons at a market garden near Frome.'),
  ('community-events-coordinator', 'Sam Harvest', 'sam.harvest@example.com', 'https://cv.example.com/sam-harvest.pdf', 'I organise the Chapel Allerton seed swap.')
) as v (slug, name, email, cv_url, message)
join public.careers c on c.slug = v.slug
on conflict (career_id, email_normalised) do nothing;
update public.career_applications a set status = v.status, created_at = now() - v.age
from (values
  ('hazel.applicant@example.com', 'reviewing', interval '2 days'),
  ('omar.seedling@example.com', 'new', interval '1 day'),
  ('priya.potter@example.com', 'rejected', interval '9 days'),
  ('sam.harvest@example.com', 'new', interval '4 hours')
) as v (email, status, age)
where a.email_normalised = v.email;

-- Sowing-reminder sign-ups, with the consent wording of the form; one has since unsubscribed.
insert into public.sowing_reminder_signups (email, name, consent, consent_text)
values
  ('rowan.sower@example.com', 'Rowan', true, 'Yes, e-mail me once a month with what to sow and harvest. I can unsubscribe at any time from any reminder.'),
  ('lena.beans@example.com', null, true, 'Yes, e-mail me once a month with what to sow and harvest. I can unsubscribe at any time from any reminder.'),
  ('tom.former@example.com', 'Tom', true, 'Yes, e-mail me once a month with what to sow and harvest. I can unsubscribe at any time from any reminder.')
on conflict (email_normalised) do nothing;
update public.sowing_reminder_signups s set created_at = now() - v.age, consented_at = now() - v.age, unsubscribed_at = v.unsubscribed
from (values
  ('rowan.sower@example.com', interval '3 days', null::timestamptz),
  ('lena.beans@example.com', interval '12 days', null::timestamptz),
  ('tom.former@example.com', interval '40 days', now() - interval '5 days')
) as v (email, age, unsubscribed)
where s.email_normalised = v.email;
