-- Seed: every legacy redirect and the 18 short links, demo staff and a member (password
-- allotments-demo), and enough applicants and content for every screen. The sites, CTAs and
-- offers come first, from supabase/catalogue.sql (generated from the catalogue's owner).
-- Local and demo data only: every e-mail address is @example.com.

-- ============================================================================
-- redirects: legacy paths and the 18 short links
-- ============================================================================
insert into public.redirects (source_path, target, status_code, kind) values
  ('/sites/leigh-woods-meadows', '/sites/bristol/leigh-woods-meadows', 301, 'legacy'),
  ('/providence-pastures-leeds-allotments', '/sites/leeds/providence-pastures', 301, 'legacy'),
  ('/our-sites', '/sites', 301, 'legacy'),
  ('/rent-your-land', '/land', 301, 'legacy'),
  ('/join-us', '/careers', 301, 'legacy'),
  ('/coming-to-worthing-soon', '/sites/worthing/cissbury-fields', 301, 'legacy'),
  ('/notts', '/sites/nottingham/ruddington-fields', 301, 'legacy'),
  ('/bathampton', '/sites/bath/tuckers-meadow', 301, 'legacy'),
  ('/sites/barnsley-allotments/barnsley', '/prereg/dearne-fields', 301, 'legacy'),
  ('/sites/peterborough-allotments/peterborough', '/prereg/nene-meadows', 301, 'legacy'),
  ('/sites/london-allotments/west-london', '/sites/croydon/meadow-hill-fields', 301, 'legacy'),
  ('/s/tm', '/sites/bath/tuckers-meadow', 302, 'short_link'),
  ('/s/av', '/sites/bath/avon-views', 302, 'short_link'),
  ('/s/lwm', '/sites/bristol/leigh-woods-meadows', 302, 'short_link'),
  ('/s/slf', '/landing/special/sugar-loaf-fields', 302, 'short_link'),
  ('/s/mhf', '/sites/croydon/meadow-hill-fields', 302, 'short_link'),
  ('/s/pp', '/sites/leeds/providence-pastures', 302, 'short_link'),
  ('/s/rf', '/sites/nottingham/ruddington-fields', 302, 'short_link'),
  ('/s/bv', '/sites/sheffield/bowshaw-views', 302, 'short_link'),
  ('/s/gm', '/sites/chelmsford/galleywood-meadow', 302, 'short_link'),
  ('/s/shp', '/seed-sowing', 302, 'short_link'),
  ('/s/stp', '/the-roots-pledge', 302, 'short_link'),
  ('/s/kif', '/kb/getting-started', 302, 'short_link'),
  ('/s/pam', '/members', 302, 'short_link'),
  ('/s/nbf', '/new-site-landing', 302, 'short_link'),
  ('/s/bf', '/blogs', 302, 'short_link'),
  ('/s/ov', '/vote', 302, 'short_link'),
  ('/s/pwp', 'https://www.instagram.com/rootsallotments/', 302, 'short_link'),
  ('/s/dv', '/prereg/daffodil-views', 302, 'short_link');

-- ============================================================================
-- demo users: four staff and a member (password allotments-demo)
-- ============================================================================
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous)
select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('allotments-demo', extensions.gen_salt('bf')), now(),
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('full_name', u.full_name), now(), now(),
  '', '', '', '', '', '', '', '', false, false
from (values
  ('00000000-0000-4000-a000-000000000001'::uuid, 'official@example.com', 'Olivia Official'),
  ('00000000-0000-4000-a000-000000000002'::uuid, 'team@example.com', 'Tom Team'),
  ('00000000-0000-4000-a000-000000000003'::uuid, 'founder@example.com', 'Fiona Founder'),
  ('00000000-0000-4000-a000-000000000004'::uuid, 'patch@example.com', 'Sam Patch'),
  ('00000000-0000-4000-a000-000000000005'::uuid, 'member@example.com', 'Morgan Member')
) as u (id, email, full_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u where u.email like '%@example.com';

update public.profiles p set role_id = r.id, phone = '07700 900' || right(p.id::text, 3)
from public.roles r
where (p.email, r.name) in (
  ('official@example.com', 'roots_official'), ('team@example.com', 'roots_team'),
  ('founder@example.com', 'founder'), ('patch@example.com', 'patch_manager')
);

-- patch@example.com manages both Bath sites.
insert into public.patch_manager_sites (user_id, site_id) values
  ('00000000-0000-4000-a000-000000000004', 1),
  ('00000000-0000-4000-a000-000000000004', 2);

insert into public.app_settings (key, value) values ('require_staff_mfa', 'false');

-- ============================================================================
-- waiting lists: categories, applicants, offers, pre-registrations
-- ============================================================================
insert into public.waiting_list_categories (site_id, name, description, sort_order) values
  (null, 'General', 'Anyone waiting for a plot', 0),
  (null, 'Half plot', 'Waiting for a half-size plot', 1),
  (null, 'Accessible plot', 'Raised beds close to the gate', 2),
  (1, 'Bathampton residents', 'Living within two miles of Tuckers Meadow', 3);

-- About 420 applicants over the open sites and the waiting-list-only places, joined over
-- the last two years. One fixed reference for the demo "your position" page.
with first_names as (
  select array['Amelia','Oliver','Isla','George','Ava','Noah','Mia','Arthur','Ivy','Leo','Grace','Harry',
    'Freya','Oscar','Florence','Jack','Rosie','Alfie','Poppy','Charlie','Evie','Theo','Daisy','Archie'] as a
), last_names as (
  select array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson',
    'Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Khan'] as a
), places as (
  select array['Isle of Wight','Basildon','Exeter','Shrewsbury','London - Hackney','London - Ealing','Glasgow',
    'Basingstoke','Liverpool','Norwich','Portsmouth','Wirral','Barnsley','Durham','Worthing'] as a
), rows as (
  select g,
    case when g % 5 = 0 then null else (array[1,2,3,4,5,6,7,8,9,12,13,14,15,16])[1 + g % 14] end as site_id
  from generate_series(1, 420) g
)
insert into public.waiting_list_entries (site_id, location, category_id, first_name, last_name, email, phone, postcode,
  plot_size_preference, consent_privacy, consent_marketing, joined_at)
select r.site_id,
  coalesce(s.location, (select a from places)[1 + (r.g / 5) % 15]),
  case when r.g % 7 = 0 then 2 else 1 end,
  (select a from first_names)[1 + r.g % 24],
  (select a from last_names)[1 + (r.g * 7) % 22],
  lower((select a from first_names)[1 + r.g % 24]) || '.' || lower((select a from last_names)[1 + (r.g * 7) % 22]) || r.g || '@example.com',
  '07700 9' || lpad((r.g % 100000)::text, 5, '0'),
  (array['BA1 6QE','BS8 3PX','DY8 1XF','CR0 5JT','LS17 8EN','NG11 6JS','S8 8BZ','CM2 8QD','DA1 5QJ'])[1 + r.g % 9],
  (array['half','full','any'])[1 + r.g % 3],
  true,
  r.g % 3 = 0,
  now() - make_interval(days => (730 - r.g)::int)
from rows r
left join public.global_sites s on s.id = r.site_id;


-- Movement over the past year: some offers accepted, one declined, two open now.
do $$
declare
  v_site bigint;
begin
  foreach v_site in array array[1, 2, 3, 5, 7] loop
    perform private.offer_next(v_site, 6, 7);
  end loop;
end
$$;
update public.waiting_list_status_history h
set changed_at = now() - make_interval(days => (20 + h.id % 300)::int)
where h.to_status = 'offered';
update public.waiting_list_status_history h
set changed_at = e.joined_at
from public.waiting_list_entries e
where h.entry_id = e.id and h.to_status = 'waiting';
update public.plot_offers o
set status = case when o.id % 6 = 0 then 'declined' else 'accepted' end,
    responded_at = now() - interval '10 days'
where o.id in (select id from public.plot_offers order by id offset 4);
update public.waiting_list_entries e set status = o.status
from public.plot_offers o where o.entry_id = e.id and o.status in ('accepted', 'declined');

-- A fixed reference for the demo "your position" page: eighth in the Tuckers Meadow queue.
update public.waiting_list_entries set reference = 'demo-reference-tuckers-meadow-0001'
where id = (select id from public.waiting_list_entries where site_id = 1 and status = 'waiting' order by joined_at, id offset 7 limit 1);

insert into public.pre_registrations (site_id, first_name, last_name, email, postcode, consent_privacy, consent_marketing)
select (array[11, 17, 18, 19, 20, 21, 22, 23])[1 + g % 8], 'Pre', 'Registrant ' || g, 'pre' || g || '@example.com',
  'CH1 2AB', true, g % 2 = 0
from generate_series(1, 40) g;

-- ============================================================================
-- communications
-- ============================================================================
insert into public.comms_templates (name, channel, subject, body, body_text) values
  ('Plot offer', 'email', 'A plot is ready for you at {{site}}',
   '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Hello {{first_name}}, a plot at {{site}} is yours if you want it. Please reply by {{respond_by}}."}]}]}',
   'Hello {{first_name}}, a plot at {{site}} is yours if you want it. Please reply by {{respond_by}}.'),
  ('Still interested?', 'email', 'Are you still waiting for a plot at {{site}}?',
   '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Hello {{first_name}}, please confirm you would still like a plot."}]}]}',
   'Hello {{first_name}}, please confirm you would still like a plot.'),
  ('Welcome slot reminder', 'sms', null, '{"type": "doc", "content": []}', 'See you at {{site}} on {{date}}.');

insert into public.message_log (template_id, entry_id, site_id, channel, recipient, subject, status, sent_by)
select 1, o.entry_id, o.site_id, 'email', e.email, 'A plot is ready for you at ' || e.location, 'sent',
  '00000000-0000-4000-a000-000000000004'
from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id;

-- ============================================================================
-- membership and commerce
-- ============================================================================
insert into public.plans (name, description, plot_size, price_pence, billing_interval, sort_order) values
  ('Half plot monthly', 'A half-size plot, tools, water and seeds', 'half', 1999, 'month', 1),
  ('Full plot monthly', 'A full plot, tools, water and seeds', 'full', 2999, 'month', 2),
  ('Full plot yearly', 'A full plot for a year, two months free', 'full', 29990, 'year', 3);
insert into public.joining_fees (amount_pence) values (2500);

insert into public.product_categories (name, slug) values ('Starter kits', 'starter-kits'), ('Seeds', 'seeds'), ('Tools', 'tools');
insert into public.products (category_id, name, slug, description, price_pence, stock) values
  (1, 'Starter Bundle', 'starter-bundle', 'Gloves, trowel, seeds and a planner: everything for your first season.', 2999, 200),
  (2, 'Salad seed collection', 'salad-seed-collection', 'Six easy salad varieties.', 899, 500),
  (2, 'Heritage tomato seeds', 'heritage-tomato-seeds', 'Four heritage tomatoes.', 650, 300),
  (3, 'Hand fork and trowel', 'hand-fork-and-trowel', 'Stainless steel, ash handles.', 2400, 80);

insert into public.promo_bars (text, link, active) values
  ('FREE £29.99 Starter Bundle when you join this February', '/sites', true),
  ('PayDay Weekend Offer at Galleywood Meadow', '/sites/chelmsford/galleywood-meadow', false);

insert into public.members (user_id, first_name, last_name, email, phone)
values ('00000000-0000-4000-a000-000000000005', 'Morgan', 'Member', 'member@example.com', '07700 900005');
insert into public.memberships (member_id, site_id, plan_id, plot_size, plot_number, start_date, status)
select m.id, 1, 2, 'full', 'A12', current_date - 200, 'active' from public.members m where m.email = 'member@example.com';

insert into public.orders (user_id, email, kind, status, total_pence, checkout_session_id)
values ('00000000-0000-4000-a000-000000000005', 'member@example.com', 'shop', 'paid', 2999, 'cs_local_seed_0001'),
       ('00000000-0000-4000-a000-000000000005', 'member@example.com', 'gift_voucher', 'paid', 5000, 'cs_local_seed_0002');
insert into public.order_items (order_id, product_id, description, quantity, unit_price_pence)
select o.id, 1, 'Starter Bundle', 1, 2999 from public.orders o where o.checkout_session_id = 'cs_local_seed_0001';
insert into public.order_items (order_id, description, quantity, unit_price_pence)
select o.id, 'Gift voucher £50', 1, 5000 from public.orders o where o.checkout_session_id = 'cs_local_seed_0002';
insert into public.payments (order_id, provider, provider_ref, amount_pence, status, event_id)
select o.id, 'local', 'pi_local_' || o.id, o.total_pence, 'succeeded', 'evt_local_seed_' || o.id
from public.orders o;
insert into public.gift_vouchers (code, value_pence, buyer_user_id, buyer_email, recipient_name, recipient_email, message, status, order_id, expires_at)
select 'GIFT-2025-DEMO', 5000, '00000000-0000-4000-a000-000000000005', 'member@example.com', 'Jo Gardener', 'jo@example.com',
  'Happy birthday: grow something lovely!', 'active', o.id, now() + interval '1 year'
from public.orders o where o.checkout_session_id = 'cs_local_seed_0002';
insert into public.deposits (user_id, email, site_id, amount_pence, status)
values ('00000000-0000-4000-a000-000000000005', 'member@example.com', 1, 5000, 'paid');

insert into public.marketing_expenses (channel, description, amount_pence, spent_on, created_by) values
  ('Social', 'Spring campaign, Bath', 45000, current_date - 40, '00000000-0000-4000-a000-000000000001'),
  ('Print', 'Leaflets for Chester pre-registration', 12000, current_date - 12, '00000000-0000-4000-a000-000000000003');

-- ============================================================================
-- operations
-- ============================================================================
insert into public.welcome_slots (site_id, starts_at, duration_minutes, capacity, notes)
select s, date_trunc('day', now()) + make_interval(days => d * 7, hours => 10), 60, 12, 'Meet at the main gate'
from unnest(array[1, 2, 3, 5, 9]) s, generate_series(1, 3) d;
insert into public.welcome_slot_bookings (slot_id, name, email, phone, user_id)
select w.id, 'Morgan Member', 'member@example.com', '07700 900005', '00000000-0000-4000-a000-000000000005'
from public.welcome_slots w where w.site_id = 1 order by w.starts_at limit 1;

insert into public.guided_tours (site_id, starts_at, capacity, guide_name)
select s, date_trunc('day', now()) + make_interval(days => 10 + s, hours => 11), 15, 'Sam Patch'
from unnest(array[1, 2, 11]) s;
insert into public.guided_tour_bookings (tour_id, location, name, email, party_size, wants_membership)
select t.id, 'Tuckers Meadow', 'Priya Patel', 'priya@example.com', 2, true
from public.guided_tours t where t.site_id = 1;

insert into public.tasks (title, description, site_id, assigned_to, status, due_on, created_by) values
  ('Fix the water trough', 'Trough by plot A12 leaks', 1, '00000000-0000-4000-a000-000000000004', 'todo', current_date + 3, '00000000-0000-4000-a000-000000000001'),
  ('Order spring seed stock', null, null, '00000000-0000-4000-a000-000000000002', 'doing', current_date + 14, '00000000-0000-4000-a000-000000000003');

insert into public.site_votes (location_name, postcode, email, confirmed_at) values
  ('Exeter', 'EX1 1AA', 'voter1@example.com', now()), ('Norwich', 'NR1 1AA', 'voter2@example.com', now()), ('Exeter', 'EX2 4AB', 'voter3@example.com', now());
insert into public.land_offers (name, email, phone, location, acreage, description) values
  ('Hill Farm Estates', 'land@example.com', '01632 960001', 'Near Frome, Somerset', 6.5, 'Flat pasture with road access and mains water.');

-- ============================================================================
-- content
-- ============================================================================
insert into public.events (slug, title, description, site_id, location, starts_at, ends_at, published) values
  ('spring-seed-swap', 'Spring seed swap', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Bring seeds, take seeds."}]}]}',
   1, 'Tuckers Meadow', now() + interval '12 days', now() + interval '12 days 3 hours', true),
  ('composting-workshop', 'Composting workshop', '{"type": "doc", "content": []}', 3, 'Leigh Woods Meadows',
   now() + interval '20 days', now() + interval '20 days 2 hours', true),
  ('harvest-supper-draft', 'Harvest supper (draft)', null, 5, 'Meadow Hill Fields', now() + interval '200 days', null, false);

insert into public.blogs (slug, title, excerpt, body, author, published, published_at) values
  ('first-season-guide', 'Your first season on a plot', 'What to grow first, and what to leave for next year.',
   '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Start small: salad, beans and courgettes."}]}]}',
   'Fiona Founder', true, now() - interval '30 days'),
  ('no-dig-beds', 'Why we grow no-dig', 'Less work, better soil.', '{"type": "doc", "content": []}', 'Tom Team', true, now() - interval '10 days'),
  ('draft-winter-jobs', 'Winter jobs (draft)', null, '{"type": "doc", "content": []}', 'Tom Team', false, null);

insert into public.careers (slug, title, location, employment_type, closes_on, published) values
  ('patch-manager-bristol', 'Patch Manager, Bristol', 'Bristol', 'part_time', current_date + 30, true),
  ('growing-assistant', 'Seasonal growing assistant', 'Bath', 'seasonal', current_date + 45, true);

insert into public.kb_articles (path, title, published) values
  ('getting-started', 'Getting started on your plot', true),
  ('getting-started/tools', 'Where the tools are', true),
  ('billing/cancel', 'Cancelling your membership', true);

insert into public.seed_sowing_guides (slug, crop, sow_indoors_months, sow_outdoors_months, harvest_months, notes, published) values
  ('tomatoes', 'Tomatoes', '{2,3,4}', '{}', '{7,8,9}', 'Plant out after the last frost.', true),
  ('runner-beans', 'Runner beans', '{4,5}', '{5,6}', '{7,8,9,10}', null, true),
  ('lettuce', 'Lettuce', '{2,3}', '{3,4,5,6,7,8}', '{5,6,7,8,9,10}', 'Sow little and often.', true),
  ('garlic', 'Garlic', '{}', '{10,11}', '{6,7}', null, true);
insert into public.seed_sowing_timeline (month, title, body, guide_id, published)
select m, to_char(make_date(2025, m, 1), 'FMMonth') || ' on the plot', 'What to sow and harvest this month.',
  (select id from public.seed_sowing_guides order by id limit 1 offset (m % 4)), true
from generate_series(1, 12) m;

insert into public.growing_experts (slug, name, specialism, bio, published) values
  ('alex-green', 'Alex Green', 'No-dig growing', 'Fifteen years of no-dig allotment growing.', true),
  ('priya-roots', 'Priya Roots', 'Fruit trees', 'Orchard keeper and pruning teacher.', true);
insert into public.courses (slug, title, summary, expert_id, published) values
  ('no-dig-in-a-weekend', 'No-dig in a weekend', 'Set up no-dig beds from scratch.', 1, true);
insert into public.course_contents (course_id, position, title, content, published) values
  (1, 0, 'Why no-dig', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Soil life does the digging."}]}]}', true),
  (1, 1, 'Making a bed', '{"type": "doc", "content": []}', true),
  (1, 2, 'Your first sowings', '{"type": "doc", "content": []}', true);

insert into public.pledge_pages (slug, title, published) values
  ('peat-free', 'We are peat-free', true), ('wildlife-corners', 'A wildlife corner on every site', true);
insert into public.good_vibes_projects (slug, title, summary, site_id, published) values
  ('school-beds', 'Beds for local schools', 'Free plots for primary schools.', 1, true),
  ('community-fridge', 'Surplus to the community fridge', 'Plot holders share their gluts.', 3, true);

-- Sequences past the explicit ids.
select setval(pg_get_serial_sequence('public.welcome_slots', 'id'), (select max(id) from public.welcome_slots));
