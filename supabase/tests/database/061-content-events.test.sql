-- Events: at least one place when a capacity is set, and a description that links only to
-- http(s), mailto or tel.
begin;
select plan(3);

select tests.create_actors();

-- ============================================================================
-- events: a capacity, a title, safe links
-- ============================================================================
select tests.authenticate_as('team');
select throws_ok($$insert into public.events (slug, title, starts_at, capacity) values ('zero-places', 'Zero', now(), 0)$$,
  '23514', null, 'an event has at least one place');
select lives_ok($$insert into public.events (slug, title, starts_at, capacity, site_id) values ('thirty-places', 'Thirty', now(), 30, 9001)$$,
  'an event with a capacity and a site');
select throws_ok(
  $$insert into public.events (slug, title, starts_at, description) values ('bad-link', 'Bad', now(),
    '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": [{"type": "link", "attrs": {"href": "javascript:alert(1)"}}]}]}]}')$$,
  '23514', null, 'an event description cannot link to javascript:');

select * from finish();
rollback;
