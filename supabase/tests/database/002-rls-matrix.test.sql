-- The RLS matrix: every table in public × every actor × select/insert/update/delete.
-- Each table has a fixture row (at test site A, owned by the member where rows have owners)
-- and a valid new row. An expectation string gives the outcome per actor, in the order
--   anon, member, impostor, pm_a, pm_b, team, founder, official, service_role
-- with  1 = one row seen/changed,  0 = no row (hidden),  r = refused by RLS,
--       d = permission denied (no grant).
-- "impostor" is a member who set user_metadata.role = 'founder' on themselves: they must
-- fare exactly like any other non-owner member.
begin;

select tests.create_actors();
select tests.create_user('noprofile');
delete from public.profiles where id = tests.uid('noprofile');

create temporary table matrix (
  ord numeric primary key,
  tbl text not null,
  fixture text not null,       -- run as postgres; returns the predicate that selects the fixture row
  ins text not null,           -- a valid new row
  upd_set text not null,       -- the set clause of a harmless update
  sel_exp text not null, ins_exp text not null, upd_exp text not null, del_exp text not null,
  key text
) on commit drop;

insert into matrix (ord, tbl, fixture, ins, upd_set, sel_exp, ins_exp, upd_exp, del_exp) values
-- foundation
(1, 'roles', $$insert into public.roles (name, label) values ('test_role', 'Test') returning 'id = ' || id$$,
  $$insert into public.roles (name, label) values ('other_role', 'Other')$$, 'label = label',
  'd11111111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(2, 'profiles', $$select format('id = %L', tests.uid('member'))$$,
  $$insert into public.profiles (id) values (tests.uid('noprofile'))$$, 'full_name = full_name',
  'd10001111', 'dddddddd1', 'd10001111', 'dddddddd1'),
(3, 'app_settings', $$insert into public.app_settings (key, value) values ('test_setting', '1') returning format('key = %L', key)$$,
  $$insert into public.app_settings (key, value) values ('other_setting', '2')$$, 'value = value',
  'd00001111', 'drrrr1111', 'd00001111', 'd00001111'),
(4, 'audit_log', $$insert into public.audit_log (table_name, action) values ('fixture', 'insert') returning 'id = ' || id$$,
  $$insert into public.audit_log (table_name, action) values ('forged', 'insert')$$, 'after = after',
  'd00001111', 'ddddddddd', 'ddddddddd', 'ddddddddd'),
(5, 'patch_manager_sites', $$select format('user_id = %L and site_id = 9001', tests.uid('pm_a'))$$,
  $$insert into public.patch_manager_sites (user_id, site_id) values (tests.uid('member'), 9001)$$, 'site_id = site_id',
  'd00101111', 'drrrr1111', 'd00001111', 'd00001111'),
-- sites
(10, 'global_sites', $$insert into public.global_sites (city, city_slug, location, slug, status) values ('Fixton', 'fixton', 'Fixture Fields', 'fixture-fields', 'open') returning 'id = ' || id$$,
  $$insert into public.global_sites (city, city_slug, location, slug) values ('Newton', 'newton', 'New Fields', 'new-fields')$$, 'promo = promo',
  '111111111', 'drrrr1111', 'd00001111', 'd00001111'),
(11, 'offers', $$insert into public.offers (slug, title) values ('fixture-offer', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.offers (slug, title, settings) values ('new-offer', 'New', '{"path_params": {"site": "slug"}}')$$, 'title = title',
  '111111111', 'drrrr1111', 'd00001111', 'd00001111'),
(12, 'cta_settings', $$insert into public.cta_settings (id, cta, link_route) values (99, 'Fixture', 'landing-site-join') returning 'id = ' || id$$,
  $$insert into public.cta_settings (id, cta, link_route) values (98, 'New', 'landing-site-join')$$, 'cta = cta',
  '111111111', 'drrrr1111', 'd00001111', 'd00001111'),
(13, 'redirects', $$insert into public.redirects (source_path, target) values ('/fixture-path', '/sites') returning 'id = ' || id$$,
  $$insert into public.redirects (source_path, target) values ('/new-path', '/sites')$$, 'target = target',
  '111111111', 'drrrr1111', 'd00001111', 'd00001111'),
(14, 'site_photos', $$insert into public.site_photos (site_id, path, alt) values (9001, 'sites/test-site-a/fixture.jpg', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.site_photos (site_id, path, alt) values (9001, 'sites/test-site-a/new.jpg', 'New')$$, 'alt = alt',
  '111111111', 'drr1r1111', 'd00101111', 'd00101111'),
-- queues
(20, 'waiting_list_categories', $$insert into public.waiting_list_categories (site_id, name) values (9001, 'Fixture category') returning 'id = ' || id$$,
  $$insert into public.waiting_list_categories (site_id, name) values (9001, 'New category')$$, 'name = name',
  'd00101111', 'drr1r1111', 'd00101111', 'd00101111'),
(21, 'waiting_list_entries', $$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy) values (9001, 'x', 'Fix', 'Ture', 'fixture@example.com', true) returning 'id = ' || id$$,
  $$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy) values (9001, 'x', 'New', 'Person', 'new.person@example.com', true)$$, 'notes = notes',
  'd00101111', 'dddddddd1', 'd00101111', 'd00001111'),
(22, 'waiting_list_status_history', $$select 'entry_id = ' || id from public.waiting_list_entries where email = 'fixture@example.com'$$,
  $$insert into public.waiting_list_status_history (entry_id, location_key, to_status) values (current_setting('tests.entry_id')::bigint, 'x', 'waiting')$$, 'to_status = to_status',
  'd00101111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(23, 'pre_registrations', $$insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy) values (9001, 'Fix', 'Ture', 'fixture@example.com', true) returning 'id = ' || id$$,
  $$insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy) values (9003, 'New', 'Person', 'new.person@example.com', true)$$, 'phone = phone',
  'd00101111', 'dddddddd1', 'd00101111', 'd00001111'),
-- an import of a waiting list (20250108000200_list_import.sql): staff of the site read, only its RPC writes
(27, 'waiting_list_imports', $$insert into public.waiting_list_imports (id, site_id, file_name, total_rows) values ('00000000-0000-4000-b000-00000000f127', 9001, 'fixture.csv', 1) returning format('id = %L', id)$$,
  $$insert into public.waiting_list_imports (id, site_id, file_name, total_rows) values ('00000000-0000-4000-b000-00000000a127', 9001, 'new.csv', 1)$$, 'file_name = file_name',
  'd00101111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(28, 'waiting_list_events', $$select 'entry_id = ' || id from public.waiting_list_entries where email = 'fixture@example.com'$$,
  $$insert into public.waiting_list_events (entry_id, location_key, kind) values (current_setting('tests.entry_id')::bigint, 'x', 'joined')$$, 'reason = reason',
  'd00101111', 'ddddddddd', 'ddddddddd', 'ddddddddd'),
(24, 'plot_offers', $$insert into public.plot_offers (entry_id, site_id, location_key, respond_by) values (current_setting('tests.entry_id')::bigint, 9001, 'test site a', now() + interval '7 days') returning 'id = ' || id$$,
  $$insert into public.plot_offers (entry_id, site_id, location_key, respond_by, status) values (current_setting('tests.entry_id')::bigint, 9001, 'test site a', now() + interval '8 days', 'withdrawn')$$, $$status = 'withdrawn'$$,
  'd00101111', 'dddddddd1', 'd00101111', 'dddddddd1'),
(25, 'comms_templates', $$insert into public.comms_templates (name, subject) values ('Fixture template', 'Hello') returning 'id = ' || id$$,
  $$insert into public.comms_templates (name, subject) values ('New template', 'Hello')$$, 'subject = subject',
  'd00111111', 'drrrr1111', 'd00001111', 'd00001111'),
(26, 'message_log', $$insert into public.message_log (site_id, channel, recipient) values (9001, 'email', 'fixture@example.com') returning 'id = ' || id$$,
  $$insert into public.message_log (site_id, channel, recipient, sent_by) values (9001, 'email', 'new@example.com', auth.uid())$$, 'status = status',
  'd00101111', 'drr1r1111', 'dddddddd1', 'dddddddd1'),
-- commerce
(30, 'plans', $$insert into public.plans (name, price_pence, active) values ('Fixture plan', 100, false) returning 'id = ' || id$$,
  $$insert into public.plans (name, price_pence, active) values ('New plan', 100, false)$$, 'name = name',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(31, 'joining_fees', $$insert into public.joining_fees (amount_pence, active) values (100, false) returning 'id = ' || id$$,
  $$insert into public.joining_fees (amount_pence, active) values (200, false)$$, 'amount_pence = amount_pence',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(32, 'product_categories', $$insert into public.product_categories (name, slug) values ('Fixture', 'fixture-category') returning 'id = ' || id$$,
  $$insert into public.product_categories (name, slug) values ('New', 'new-category')$$, 'name = name',
  '111111111', 'drrrr1111', 'd00001111', 'd00001111'),
(33, 'products', $$insert into public.products (name, slug, price_pence, active) values ('Fixture', 'fixture-product', 100, false) returning 'id = ' || id$$,
  $$insert into public.products (name, slug, price_pence) values ('New', 'new-product', 100)$$, 'name = name',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(34, 'promo_bars', $$insert into public.promo_bars (text, active) values ('Fixture', false) returning 'id = ' || id$$,
  $$insert into public.promo_bars (text) values ('New')$$, 'text = text',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(35, 'members', $$insert into public.members (user_id, first_name, last_name, email) values (tests.uid('member'), 'Mem', 'Ber', 'member@test.local') returning 'id = ' || id$$,
  $$insert into public.members (user_id, first_name, last_name, email) values (tests.uid('impostor'), 'Im', 'Postor', 'impostor@test.local')$$, 'phone = phone',
  'd10001111', 'dddddddd1', 'd10001111', 'dddddddd1'),
(36, 'memberships', $$insert into public.memberships (member_id, site_id, status) select id, 9001, 'active' from public.members where user_id = tests.uid('member') returning 'id = ' || id$$,
  $$insert into public.memberships (member_id, site_id) select id, 9001 from public.members where user_id = tests.uid('member')$$, 'status = status',
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(37, 'orders', $$insert into public.orders (user_id, email, total_pence) values (tests.uid('member'), 'member@test.local', 999) returning 'id = ' || id$$,
  $$insert into public.orders (user_id, email, total_pence, status) values (auth.uid(), 'forged@test.local', 0, 'paid')$$, $$status = 'paid'$$,
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(36.1, 'subscriptions', $$insert into public.subscriptions (membership_id, provider, provider_ref, customer_ref, status) values (current_setting('tests.membership_id')::bigint, 'local', 'sub_fixture', 'cus_fixture', 'active') returning 'id = ' || id$$,
  $$insert into public.subscriptions (membership_id, provider, provider_ref, status) values (current_setting('tests.spare_membership_id')::bigint, 'local', 'sub_forged', 'active')$$, $$status = 'active'$$,
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(36.2, 'invoices', $$insert into public.invoices (subscription_id, membership_id, provider_ref, status, amount_due_pence, issued_at) values (current_setting('tests.subscription_id')::bigint, current_setting('tests.membership_id')::bigint, 'in_fixture', 'open', 2500, now()) returning 'id = ' || id$$,
  $$insert into public.invoices (subscription_id, membership_id, provider_ref, status, amount_due_pence, amount_paid_pence, paid_at, issued_at) values (current_setting('tests.subscription_id')::bigint, current_setting('tests.membership_id')::bigint, 'in_forged', 'paid', 2500, 2500, now(), now())$$, $$status = 'void'$$,
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(38, 'order_items', $$insert into public.order_items (order_id, description, unit_price_pence) values (current_setting('tests.order_id')::bigint, 'Fixture', 999) returning 'id = ' || id$$,
  $$insert into public.order_items (order_id, description, unit_price_pence) values (current_setting('tests.order_id')::bigint, 'Forged', 0)$$, 'quantity = quantity',
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(39, 'payments', $$insert into public.payments (order_id, provider, provider_ref, amount_pence, status) values (current_setting('tests.order_id')::bigint, 'local', 'pi_fixture', 999, 'succeeded') returning 'id = ' || id$$,
  $$insert into public.payments (order_id, provider, provider_ref, amount_pence, status) values (current_setting('tests.order_id')::bigint, 'local', 'pi_forged', 999, 'succeeded')$$, $$status = 'refunded'$$,
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(40, 'gift_vouchers', $$insert into public.gift_vouchers (code, value_pence, buyer_user_id, buyer_email, status) values ('FIXT-URE0-0001', 1000, tests.uid('member'), 'member@test.local', 'active') returning 'id = ' || id$$,
  $$insert into public.gift_vouchers (code, value_pence, buyer_email, status) values ('FORG-ED00-0001', 100000, 'forged@test.local', 'active')$$, 'value_pence = 100000',
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(41, 'deposits', $$insert into public.deposits (user_id, email, site_id, amount_pence) values (tests.uid('member'), 'member@test.local', 9001, 5000) returning 'id = ' || id$$,
  $$insert into public.deposits (user_id, email, site_id, amount_pence, status) values (auth.uid(), 'forged@test.local', 9001, 5000, 'paid')$$, $$status = 'paid'$$,
  'd10001111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(42, 'marketing_expenses', $$insert into public.marketing_expenses (channel, amount_pence) values ('Fixture', 100) returning 'id = ' || id$$,
  $$insert into public.marketing_expenses (channel, amount_pence) values ('New', 100)$$, 'channel = channel',
  'd00001111', 'drrrr1111', 'd00001111', 'd00001111'),
-- operations
(50, 'welcome_slots', $$insert into public.welcome_slots (site_id, starts_at, capacity) values (9001, now() + interval '3 days', 10) returning 'id = ' || id$$,
  $$insert into public.welcome_slots (site_id, starts_at, capacity) values (9001, now() + interval '4 days', 10)$$, 'capacity = capacity',
  '111111111', 'drrrr1111', 'd00001111', 'd00001111'),
(51, 'welcome_slot_bookings', $$insert into public.welcome_slot_bookings (slot_id, name, email, user_id) select id, 'Mem Ber', 'member@test.local', tests.uid('member') from public.welcome_slots where site_id = 9001 returning 'id = ' || id$$,
  $$insert into public.welcome_slot_bookings (slot_id, name, email) select id, 'New Person', 'new.person@example.com' from public.welcome_slots where site_id = 9001$$, 'phone = phone',
  'd10001111', 'dddddddd1', 'd00001111', 'd00001111'),
(52, 'guided_tours', $$insert into public.guided_tours (site_id, starts_at, published) values (9001, now() + interval '3 days', false) returning 'id = ' || id$$,
  $$insert into public.guided_tours (site_id, starts_at) values (9001, now() + interval '4 days')$$, 'capacity = capacity',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(53, 'guided_tour_bookings', $$insert into public.guided_tour_bookings (location, name, email, user_id) values ('Test Site A', 'Mem Ber', 'member@test.local', tests.uid('member')) returning 'id = ' || id$$,
  $$insert into public.guided_tour_bookings (location, name, email) values ('Test Site A', 'New Person', 'new.person@example.com')$$, 'phone = phone',
  'd10001111', 'dddddddd1', 'd00001111', 'd00001111'),
(54, 'tasks', $$insert into public.tasks (title, site_id) values ('Fixture task', 9001) returning 'id = ' || id$$,
  $$insert into public.tasks (title) values ('New task')$$, 'title = title',
  'd00001111', 'drrrr1111', 'd00001111', 'd00001111'),
(55, 'site_votes', $$insert into public.site_votes (location_name, email) values ('Fixtureton', 'fixture@example.com') returning 'id = ' || id$$,
  $$insert into public.site_votes (location_name, email) values ('Newton', 'new.person@example.com')$$, 'postcode = postcode',
  'd00001111', 'dddddddd1', 'd00001111', 'd00001111'),
(56, 'land_offers', $$insert into public.land_offers (name, email, location) values ('Fix Ture', 'fixture@example.com', 'Fixtureton') returning 'id = ' || id$$,
  $$insert into public.land_offers (name, email, location, acreage) values ('New Person', 'new.person@example.com', 'Newton', 2)$$, 'status = status',
  'd00001111', '111111111', 'd00001111', 'd00001111'),
-- content: the fixture is unpublished, so only admins see it
(60, 'events', $$insert into public.events (slug, title, starts_at) values ('fixture-event', 'Fixture', now()) returning 'id = ' || id$$,
  $$insert into public.events (slug, title, starts_at) values ('new-event', 'New', now())$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(61, 'blogs', $$insert into public.blogs (slug, title) values ('fixture-blog', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.blogs (slug, title) values ('new-blog', 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(62, 'careers', $$insert into public.careers (slug, title) values ('fixture-job', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.careers (slug, title) values ('new-job', 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(63, 'kb_articles', $$insert into public.kb_articles (path, title) values ('fixture/article', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.kb_articles (path, title) values ('new/article', 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(64, 'seed_sowing_guides', $$insert into public.seed_sowing_guides (slug, crop) values ('fixture-crop', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.seed_sowing_guides (slug, crop) values ('new-crop', 'New')$$, 'crop = crop',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(65, 'seed_sowing_timeline', $$insert into public.seed_sowing_timeline (month, title) values (1, 'Fixture') returning 'id = ' || id$$,
  $$insert into public.seed_sowing_timeline (month, title) values (2, 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(66, 'growing_experts', $$insert into public.growing_experts (slug, name) values ('fixture-expert', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.growing_experts (slug, name) values ('new-expert', 'New')$$, 'name = name',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(67, 'courses', $$insert into public.courses (slug, title) values ('fixture-course', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.courses (slug, title) values ('new-course', 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(68, 'course_contents', $$insert into public.course_contents (course_id, position, title) select id, 0, 'Fixture' from public.courses where slug = 'fixture-course' returning 'id = ' || id$$,
  $$insert into public.course_contents (course_id, position, title) values ((select min(id) from public.courses), 99, 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(69, 'pledge_pages', $$insert into public.pledge_pages (slug, title) values ('fixture-pledge', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.pledge_pages (slug, title) values ('new-pledge', 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
(70, 'good_vibes_projects', $$insert into public.good_vibes_projects (slug, title) values ('fixture-project', 'Fixture') returning 'id = ' || id$$,
  $$insert into public.good_vibes_projects (slug, title) values ('new-project', 'New')$$, 'title = title',
  '000001111', 'drrrr1111', 'd00001111', 'd00001111'),
-- content pages' public forms (20250101000500_content.sql): anyone sends, admins read
(80, 'career_applications', $$with c as (insert into public.careers (slug, title, published) values ('fixture-open-role', 'Open', true) returning id) insert into public.career_applications (career_id, name, email, cv_url) select id, 'Fix Ture', 'fixture@example.com', 'https://cv.example.com/fixture.pdf' from c returning 'id = ' || id$$,
  $$insert into public.career_applications (career_id, name, email, cv_url) select id, 'New Person', 'new.person@example.com', 'https://cv.example.com/new.pdf' from public.careers where slug = 'fixture-open-role'$$, 'status = status',
  'd00001111', '111111111', 'd00001111', 'd00001111'),
(81, 'sowing_reminder_signups', $$insert into public.sowing_reminder_signups (email, consent, consent_text) values ('fixture@example.com', true, 'Fixture consent wording') returning 'id = ' || id$$,
  $$insert into public.sowing_reminder_signups (email, consent, consent_text) values ('new.person@example.com', true, 'Send me the monthly sowing e-mail')$$, 'name = name',
  'd00001111', '111111111', 'd00001111', 'd00001111'),
-- plots (20250121000000_plots.sql): everyone reads the register; staff of the site change it;
-- history and tenancies are written by the plot's own functions, read by site staff and holders
(90, 'plots', $$insert into public.plots (site_id, number) values (9001, 'F1') returning 'id = ' || id$$,
  $$insert into public.plots (site_id, number) values (9001, 'N1')$$, 'notes = notes',
  '111111111', 'drr1r1111', 'd00101111', 'd00101111'),
(91, 'plot_history', $$select 'plot_id = ' || id from public.plots where site_id = 9001 and number = 'F1'$$,
  $$insert into public.plot_history (plot_id, site_id, kind) select id, 9001, 'details' from public.plots where site_id = 9001 and number = 'F1'$$, 'detail = detail',
  'd00101111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(92, 'plot_tenancies', $$with p as (insert into public.plots (site_id, number) values (9001, 'F2') returning id) insert into public.plot_tenancies (plot_id, site_id, user_id) select id, 9001, tests.uid('member') from p returning 'id = ' || id$$,
  $$insert into public.plot_tenancies (plot_id, site_id, ended_at) select id, 9001, now() from public.plots where site_id = 9001 and number = 'F2'$$, 'end_reason = end_reason',
  'd10101111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
-- co-workers (20250121000200_plot_access.sql): the member, the co-worker and the site's staff read;
-- only the access RPCs write
(93, 'co_workers', $$insert into public.co_workers (membership_id, site_id, email, token_hash) values (current_setting('tests.membership_id')::bigint, 9001, 'fixture.helper@example.com', repeat('a', 64)) returning 'id = ' || id$$,
  $$insert into public.co_workers (membership_id, site_id, email, token_hash) values (current_setting('tests.spare_membership_id')::bigint, 9001, 'new.helper@example.com', repeat('b', 64))$$, 'name = name',
  'd10101111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
-- inspections (20250121000300_inspections.sql): anyone reads a site's pass mark, its staff set it;
-- staff of the site and the plot's holder read inspections (only record_inspection writes them)
-- and replies, which only the holder (or co-worker) writes, in their own name
(94, 'inspection_settings', $$insert into public.inspection_settings (site_id, pass_mark) values (9001, 3) returning 'site_id = ' || site_id$$,
  $$insert into public.inspection_settings (site_id, pass_mark) values (9002, 4)$$, 'pass_mark = pass_mark',
  '111111111', 'drrr11111', 'd00101111', 'd00101111'),
(95, 'plot_inspections', $$insert into public.plot_inspections (id, plot_id, site_id, tenancy_id, score, pass_mark, outcome, inspected_at) select '00000000-0000-4000-b000-00000000f195', t.plot_id, 9001, t.id, 2, 3, 'failed', now() from public.plot_tenancies t join public.plots p on p.id = t.plot_id where p.site_id = 9001 and p.number = 'F2' returning format('id = %L', id)$$,
  $$insert into public.plot_inspections (id, plot_id, site_id, score, pass_mark, outcome, inspected_at) select '00000000-0000-4000-b000-00000000a195', id, 9001, 5, 3, 'passed', now() from public.plots where site_id = 9001 and number = 'F1'$$, 'score = score',
  'd10101111', 'dddddddd1', 'dddddddd1', 'dddddddd1'),
(96, 'plot_inspection_replies', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('00000000-0000-4000-b000-00000000f195', tests.uid('member'), 'Fixture reply') returning 'id = ' || id$$,
  $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('00000000-0000-4000-b000-00000000f195', tests.uid('member'), 'New reply')$$, 'body = body',
  'd10101111', 'd1rrrrrr1', 'dddddddd1', 'dddddddd1'),
-- data rights (20250108000600_data_rights.sql): only the RPCs write; admins read, and patch
-- managers read the requests of their sites' applicants
(100, 'data_erasure_requests', $$insert into public.data_erasure_requests (email, source, site_ids) values ('fixture@example.com', 'reference', '{9001}') returning 'id = ' || id$$,
  $$insert into public.data_erasure_requests (email, source) values ('new.person@example.com', 'reference')$$, 'source = source',
  'd00101111', 'dddddddd1', 'dddddddd1', 'dddddddd1');

-- Fixtures, in order (later ones refer to earlier ones through tests.* settings).
do $$
declare
  m record;
  v_key text;
  v_spare bigint;
begin
  for m in select * from matrix order by ord loop
    execute m.fixture into v_key;
    update matrix set key = v_key where ord = m.ord;
    if m.tbl = 'waiting_list_entries' then
      perform set_config('tests.entry_id', split_part(v_key, ' = ', 2), true);
    elsif m.tbl = 'orders' then
      perform set_config('tests.order_id', split_part(v_key, ' = ', 2), true);
    elsif m.tbl = 'memberships' then
      perform set_config('tests.membership_id', split_part(v_key, ' = ', 2), true);
      -- A second membership for the subscriptions' new row (one subscription per membership).
      insert into public.memberships (member_id, site_id, status)
      select id, 9001, 'ended' from public.members where user_id = tests.uid('member') returning id into v_spare;
      perform set_config('tests.spare_membership_id', v_spare::text, true);
    elsif m.tbl = 'subscriptions' then
      perform set_config('tests.subscription_id', split_part(v_key, ' = ', 2), true);
    end if;
  end loop;
end
$$;

create temporary table actors (pos int primary key, actor text not null) on commit drop;
insert into actors values (1, 'anon'), (2, 'member'), (3, 'impostor'), (4, 'pm_a'), (5, 'pm_b'),
  (6, 'team'), (7, 'founder'), (8, 'official'), (9, 'service_role');

create or replace function pg_temp.expected(p_code text, p_table text)
returns text
language sql
immutable
as $$
  select case p_code
    when '1' then 'ok:1'
    when '0' then 'ok:0'
    when 'r' then format('error:new row violates row-level security policy for table "%s"', p_table)
    when 'd' then format('error:permission denied for table %s', p_table)
  end
$$;

-- Every table in public is in the matrix.
select plan((select count(*)::int * 36 + 1 from matrix));

select is(
  (select array_agg(c.relname::text order by c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not in (select tbl from matrix)),
  null,
  'every table in public is covered by the RLS matrix'
);

select is(
  tests.attempt(a.actor, case o.op
    when 'select' then format('select 1 from public.%I where %s', m.tbl, m.key)
    when 'insert' then m.ins
    when 'update' then format('update public.%I set %s where %s', m.tbl, m.upd_set, m.key)
    when 'delete' then format('delete from public.%I where %s', m.tbl, m.key)
  end),
  pg_temp.expected(substr(case o.op when 'select' then m.sel_exp when 'insert' then m.ins_exp
    when 'update' then m.upd_exp else m.del_exp end, a.pos, 1), m.tbl),
  format('%s: %s %s', m.tbl, a.actor, o.op)
)
from matrix m
cross join actors a
cross join (values (1, 'select'), (2, 'insert'), (3, 'update'), (4, 'delete')) as o (n, op)
order by m.ord, o.n, a.pos;

select * from finish();
rollback;
