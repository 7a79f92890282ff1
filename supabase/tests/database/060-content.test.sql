-- Content pages: career applications and sowing reminder sign-ups (anyone sends, only admins
-- read, the database checks every field and keeps one row per person), and the knowledge-base
-- search column.
begin;
select plan(37);

select tests.create_actors();
insert into public.careers (id, slug, title, published, closes_on) values
  (91001, 'test-open-role', 'Open role', true, current_date + 10),
  (91002, 'test-closed-role', 'Closed role', true, current_date - 1),
  (91003, 'test-draft-role', 'Draft role', false, null),
  (91004, 'test-no-deadline', 'Rolling role', true, null);

-- ============================================================================
-- anon: applies for a role
-- ============================================================================
select tests.authenticate_as_anon();
select lives_ok($$insert into public.career_applications (career_id, name, email, cv_url, message)
  values (91001, '  Ada Grower ', 'Ada@Example.com ', 'https://cv.example.com/ada.pdf', 'I love soil.')$$,
  'anyone applies for an open role');
select lives_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91004, 'Ada Grower', 'ada@example.com', 'https://cv.example.com/ada.pdf')$$,
  'a role without a closing date takes applications, and one person may apply for two roles');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91001, 'Ada again', 'ada@example.com', 'https://cv.example.com/ada2.pdf')$$,
  '23505', null, 'one application per person per role (e-mail compared trimmed and lowercased)');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91002, 'Late', 'late@example.com', 'https://cv.example.com/late.pdf')$$,
  '22023', 'Applications for this role have closed', 'a closed role refuses applications with a clear message');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91003, 'Early', 'early@example.com', 'https://cv.example.com/early.pdf')$$,
  '22023', 'This role does not exist', 'an unpublished role cannot be applied for');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91001, 'Plain', 'plain@example.com', 'http://cv.example.com/plain.pdf')$$,
  '23514', null, 'the CV link must be https');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91001, 'Script', 'script@example.com', 'javascript:alert(1)')$$,
  '23514', null, 'a javascript: CV link is refused');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91001, 'Bad mail', 'not-an-email', 'https://cv.example.com/x.pdf')$$,
  '23514', null, 'the e-mail address must look like one');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url)
  values (91001, '   ', 'blank@example.com', 'https://cv.example.com/x.pdf')$$,
  '23514', null, 'a blank name is refused');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url, message)
  values (91001, 'Long', 'long@example.com', 'https://cv.example.com/x.pdf', repeat('a', 5001))$$,
  '23514', null, 'a message over 5000 characters is refused');
select throws_ok($$insert into public.career_applications (career_id, name, email, cv_url, status)
  values (91001, 'Sneaky', 'sneaky@example.com', 'https://cv.example.com/x.pdf', 'hired')$$,
  '42501', null, 'an applicant cannot set the status');
select throws_ok($$select * from public.career_applications$$, '42501', 'permission denied for table career_applications',
  'anon cannot read applications back');
select tests.clear_authentication();

select results_eq(
  $$select name, email, email_normalised, message from public.career_applications where career_id = 91001$$,
  $$values ('Ada Grower', 'Ada@Example.com', 'ada@example.com', 'I love soil.')$$,
  'what was typed is stored trimmed, with a normalised e-mail'
);

-- ============================================================================
-- members, patch managers, admins: who reads applications
-- ============================================================================
select is(tests.count_as('member', 'select * from public.career_applications'), 0::bigint, 'a member sees no applications');
select is(tests.count_as('impostor', 'select * from public.career_applications'), 0::bigint,
  'a member claiming a role in user_metadata sees no applications');
select is(tests.count_as('pm_a', 'select * from public.career_applications'), 0::bigint, 'a patch manager sees no applications');
-- Counted on this file's roles only: the seed adds demo applications of its own.
select is(tests.count_as('team', 'select * from public.career_applications where career_id between 91001 and 91004'), 2::bigint,
  'roots_team reads every application');
select is(tests.count_as('official', 'select * from public.career_applications where career_id between 91001 and 91004'), 2::bigint,
  'roots_official reads every application');
select is(tests.attempt('founder', $$update public.career_applications set status = 'reviewing' where career_id = 91001$$), 'ok:1',
  'an admin moves an application on');
select is(tests.attempt('member', $$update public.career_applications set status = 'hired'$$), 'ok:0',
  'a member changes no application');

-- ============================================================================
-- sowing reminder sign-ups
-- ============================================================================
select tests.authenticate_as_anon();
select lives_ok($$insert into public.sowing_reminder_signups (email, name, consent, consent_text)
  values (' Grower@Example.com', '', true, 'Send me a monthly e-mail about what to sow.')$$,
  'anyone signs up with consent');
select throws_ok($$insert into public.sowing_reminder_signups (email, consent, consent_text)
  values ('grower@example.com ', true, 'Send me a monthly e-mail about what to sow.')$$,
  '23505', null, 'one sign-up per e-mail address');
select throws_ok($$insert into public.sowing_reminder_signups (email, consent, consent_text)
  values ('noconsent@example.com', false, 'Send me a monthly e-mail about what to sow.')$$,
  '23514', null, 'no sign-up without consent');
select throws_ok($$insert into public.sowing_reminder_signups (email, consent, consent_text)
  values ('notext@example.com', true, '')$$,
  '23514', null, 'the consent wording is recorded, never blank');
select throws_ok($$insert into public.sowing_reminder_signups (email, consent, consent_text)
  values ('bad-email', true, 'Send me a monthly e-mail about what to sow.')$$,
  '23514', null, 'the e-mail address must look like one');
select throws_ok($$insert into public.sowing_reminder_signups (email, consent, consent_text, consented_at)
  values ('backdated@example.com', true, 'Send me a monthly e-mail about what to sow.', now() - interval '1 year')$$,
  '42501', null, 'the consent time is the database''s, not the visitor''s');
select tests.clear_authentication();
select results_eq(
  $$select email, name, consent, consented_at <= now() from public.sowing_reminder_signups where email_normalised = 'grower@example.com'$$,
  $$values ('Grower@Example.com', null::text, true, true)$$,
  'the sign-up keeps the e-mail trimmed, no empty name, and when consent was given'
);
select is(tests.count_as('member', 'select * from public.sowing_reminder_signups'), 0::bigint, 'a member sees no sign-ups');
select is(tests.count_as('pm_b', 'select * from public.sowing_reminder_signups'), 0::bigint, 'a patch manager sees no sign-ups');
select is(tests.count_as('founder', $$select * from public.sowing_reminder_signups where email_normalised = 'grower@example.com'$$), 1::bigint,
  'an admin reads sign-ups');

-- ============================================================================
-- knowledge-base search
-- ============================================================================
insert into public.kb_articles (path, title, body, published) values
  ('test-kb/compost', 'Making compost', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Layer greens and browns in the bays."}]}]}', true);
select results_eq(
  $$select path from public.kb_articles where path like 'test-kb/%' and search_vector @@ websearch_to_tsquery('english', 'brown bays')$$,
  $$values ('test-kb/compost')$$,
  'the body''s words are searchable, stemmed'
);

-- ============================================================================
-- blog posts: the body is a document of the editor's schema with safe links
-- ============================================================================
select tests.authenticate_as('official');
select lives_ok($$insert into public.blogs (slug, title, body, published) values ('test-blog-ok', 'Sowing in March',
  '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Broad beans go in now.", "marks": [{"type": "link", "attrs": {"href": "https://example.com/beans"}}]}]}]}', true)$$,
  'an admin publishes a post written in the editor');
select throws_ok($$insert into public.blogs (slug, title, body) values ('test-blog-script', 'Script',
  '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "click", "marks": [{"type": "link", "attrs": {"href": "javascript:alert(1)"}}]}]}]}')$$,
  '23514', null, 'a javascript: link in a post is refused');
select throws_ok($$insert into public.blogs (slug, title, body) values ('test-blog-shape', 'Shape',
  '{"type": "doc", "content": [{"type": "iframe", "attrs": {"src": "https://example.com"}}]}')$$,
  '23514', null, 'a node the editor does not have is refused');
-- The cover's description: optional, trimmed, at most 300 characters.
select lives_ok($$update public.blogs set cover_image = 'blogs/beans.png', cover_alt = 'Broad bean seedlings in a raised bed'
  where slug = 'test-blog-ok'$$, 'an admin describes a post''s cover');
select throws_ok($$update public.blogs set cover_alt = '  ' where slug = 'test-blog-ok'$$,
  '23514', null, 'a blank description is refused (none is null: a decorative cover)');
select throws_ok($$update public.blogs set cover_alt = repeat('x', 301) where slug = 'test-blog-ok'$$,
  '23514', null, 'a description over 300 characters is refused');
reset role;

select * from finish();
rollback;
