-- The shape of a lesson's rich text: the database keeps only documents the editor and the public
-- renderer can open (ProseMirror JSON of the editor's schema), whoever writes them: an expert's
-- edit, an admin by hand, the service role. Marks as an object, unknown names, empty text and
-- runaway nesting are refused with a stable message.
begin;
select plan(27);

select tests.create_actors();
select tests.create_user('expert_a');
insert into public.growing_experts (id, slug, name, published, user_id) values
  (95001, 'test-shape-expert-a', 'Expert A', true, tests.uid('expert_a'));
insert into public.courses (id, slug, title, expert_id, published) values (95101, 'test-shape-course', 'Shapes', 95001, false);
insert into public.course_contents (id, course_id, position, title, published) values (95201, 95101, 0, 'Lesson', false);

-- ============================================================================
-- the check itself
-- ============================================================================
select ok(private.rich_text_valid('{"type": "doc", "content": []}'), 'an empty document is valid');
select ok(private.rich_text_valid($${"type": "doc", "content": [
  {"type": "heading", "attrs": {"level": 2}, "content": [{"type": "text", "text": "Sowing"}]},
  {"type": "paragraph", "content": [
    {"type": "text", "text": "Sow ", "marks": [{"type": "strong"}, {"type": "em"}]},
    {"type": "text", "text": "thinly", "marks": [{"type": "link", "attrs": {"href": "https://example.com", "title": null}}]},
    {"type": "hard_break"}, {"type": "text", "text": "then", "marks": [{"type": "code"}]}]},
  {"type": "bullet_list", "content": [{"type": "list_item", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "one"}]}]}]},
  {"type": "ordered_list", "attrs": {"order": 3}, "content": [{"type": "list_item", "content": [{"type": "paragraph"}]}]},
  {"type": "blockquote", "content": [{"type": "paragraph"}]}, {"type": "horizontal_rule"},
  {"type": "code_block", "content": [{"type": "text", "text": "x = 1"}]},
  {"type": "image", "attrs": {"src": "https://example.com/a.png", "alt": "", "title": null}}]}$$),
  'a document using every node and mark of the editor is valid');
select ok(private.rich_text_valid(null), 'no document is left to not null');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": {"type": "strong"}}]}]}'),
  'marks as an object are refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": ["strong"]}]}]}'),
  'a mark that is no object is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": [{"type": "blink"}]}]}]}'),
  'an unknown mark is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": [{"attrs": {}}]}]}]}'),
  'a mark without a type is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": ""}]}]}'),
  'empty text is refused (the editor cannot hold it)');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": 7}]}]}'),
  'text that is no string is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text"}]}]}'),
  'a text node without text is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "script", "content": []}]}'), 'an unknown node is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": {"type": "paragraph"}}'), 'content as an object is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "doc", "content": []}]}'), 'a document inside a document is refused');
select ok(not private.rich_text_valid('{"type": "paragraph", "content": []}'), 'a root that is no document is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "image", "content": []}]}'), 'an image with content is refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": [{"type": "heading", "attrs": 2}]}'), 'attrs that are no object are refused');
select ok(not private.rich_text_valid('{"type": "doc", "content": ["text"]}'), 'a node that is no object is refused');
select ok(not private.rich_text_valid(
    (select ('{"type": "doc", "content": [' || repeat('{"type": "blockquote", "content": [', 40) || repeat(']}', 40) || ']}')::jsonb)),
  'nesting deeper than 32 levels is refused');

-- ============================================================================
-- whoever writes: the constraint holds
-- ============================================================================
select tests.authenticate_as('expert_a');
select throws_ok($$select public.submit_lesson_edit(95201, 'Lesson', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": {"type": "strong"}}]}]}')$$,
  '22023', 'The lesson text is not a document the editor can open', 'an expert''s edit with marks as an object is refused with a message');
select throws_ok($$select public.submit_lesson_edit(95201, 'Lesson', null)$$,
  '22023', 'The lesson text is not a document the editor can open', 'so is an edit without text');
select throws_ok($$update public.course_contents set content = '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": {"type": "strong"}}]}]}' where id = 95201$$,
  '23514', 'new row for relation "course_contents" violates check constraint "course_contents_content_shape"',
  'an expert writing a draft lesson by hand is refused too');
select throws_ok($$insert into public.course_contents (course_id, position, title, content) values (95101, 1, 'Two', '{"type": "doc", "content": [{"type": "oops"}]}')$$,
  '23514', 'new row for relation "course_contents" violates check constraint "course_contents_content_shape"',
  'an expert adding a lesson with an unknown node is refused');
select is(public.submit_lesson_edit(95201, 'Lesson', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "fine", "marks": [{"type": "em"}]}]}]}'),
  'saved', 'a good document is saved');
select tests.authenticate_as('team');
select throws_ok($$update public.course_contents set content = '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": ""}]}]}' where id = 95201$$,
  '23514', 'new row for relation "course_contents" violates check constraint "course_contents_content_shape"',
  'an admin writing by hand is refused too');
select tests.authenticate_as_service_role();
select throws_ok($$update public.course_contents set content = '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": [null]}]}]}' where id = 95201$$,
  '23514', 'new row for relation "course_contents" violates check constraint "course_contents_content_shape"',
  'and so is the service role');
select tests.clear_authentication();
select is((select content -> 'content' -> 0 -> 'content' -> 0 ->> 'text' from public.course_contents where id = 95201), 'fine',
  'the lesson keeps the last good document');
select ok(exists (select 1 from pg_constraint where conname = 'course_contents_content_shape' and convalidated),
  'every stored lesson was checked when the constraint was added');

select * from finish();
rollback;
