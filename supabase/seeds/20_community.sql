-- Community pages: a growing expert who can sign in (expert@example.com, password
-- allotments-demo) linked to Alex Green, a draft course of theirs, more votes for new sites and
-- land offers. Runs after seed.sql.

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous)
values ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-c000-000000000001', 'authenticated', 'authenticated',
  'expert@example.com', extensions.crypt('allotments-demo', extensions.gen_salt('bf')), now(),
  '{"provider": "email", "providers": ["email"]}', '{"full_name": "Alex Green"}', now(), now(),
  '', '', '', '', '', '', '', '', false, false);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values ('00000000-0000-4000-c000-000000000001', '00000000-0000-4000-c000-000000000001',
  '{"sub": "00000000-0000-4000-c000-000000000001", "email": "expert@example.com", "email_verified": true, "phone_verified": false}',
  'email', now(), now(), now());

update public.growing_experts set user_id = '00000000-0000-4000-c000-000000000001' where slug = 'alex-green';

insert into public.growing_experts (slug, name, specialism, bio, published) values
  ('sam-sowerby', 'Sam Sowerby', 'Seed saving', 'Keeps a seed library of 300 heritage varieties and teaches seed saving.', true);

insert into public.courses (slug, title, summary, expert_id, published)
select 'winter-salads-alex-green', 'Winter salads', 'Leaves to pick from October to March.', e.id, false
from public.growing_experts e where e.slug = 'alex-green';
insert into public.course_contents (course_id, position, title, content, published)
select c.id, 0, 'What grows in winter',
  '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Lamb''s lettuce, land cress and winter purslane shrug off frost."}]}]}', false
from public.courses c where c.slug = 'winter-salads-alex-green';

insert into public.site_votes (location_name, postcode, email, confirmed_at) values
  ('Exeter', null, 'voter4@example.com', now()), ('Norwich', null, 'voter5@example.com', now()),
  ('Cambridge', 'CB1 1AA', 'voter6@example.com', now()), ('York', null, 'voter7@example.com', now()),
  ('York', null, 'voter8@example.com', now());

insert into public.land_offers (name, email, phone, location, acreage, description) values
  ('Green Acre Trust', 'trust@example.com', null, 'Outskirts of Ipswich, Suffolk', 3.2, 'A walled former market garden looking for a community use.');
