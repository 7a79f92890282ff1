-- Review of experts' edits and who did what (issue 18, items 6 and 7).
-- Courses and lessons:
-- - once published, a lesson's live columns (title, content, course) and a course's (title,
--   summary, slug, expert) are written by staff only: a guard trigger refuses anyone else, REST
--   by hand included. An expert's edit of published work is kept as a revision beside the live
--   row (private.course_revisions, one per lesson and one per course's details), which stays
--   public until staff approve it; a change sent back carries the reviewer's note. Experts send
--   edits through submit_lesson_edit / submit_course_edit (a draft is saved at once, published
--   work goes to review), read them with course_revisions, and staff approve or send them back
--   with review_course_revision. Reordering stays live: it adds nothing staff have not read.
-- - experts delete only their draft lessons, as they delete only their draft courses.
-- - a lesson's text must be a document the editor can open: private.rich_text_valid() checks the
--   ProseMirror JSON (root 'doc', content arrays, the editor's node and mark names, marks as
--   objects with a string type, text as a non-empty string, at most 32 levels deep). Stored
--   lessons that fail are repaired to their plain text before the constraint is added, the
--   original kept in private.rich_text_repairs.
-- Audit:
-- - audit_log also keeps who by name and e-mail (a snapshot: the entry outlives the account),
--   the function that wrote, and the changed fields (before → after, updated_at left out);
-- - a function writing with the service role for a staff member it has checked says so in two
--   request headers, x-roots-acting-user and x-roots-function (honoured from the service role
--   only, which could write anything anyway); the entry names the staff member and the function;
-- - the service role inside the database, outside any API request (the pg_cron jobs through
--   private.act_as_scheduler()), is recorded as 'scheduler'.
-- No new table in an exposed schema, so the RLS matrix is unchanged.

-- ============================================================================
-- functions: the shape of a rich-text document
-- ============================================================================
-- True when p_doc is a ProseMirror document of the editor's schema (web/src/components/rich-text/
-- schema.ts: prosemirror-schema-basic with lists; a test in web/ checks the names agree).
create or replace function private.rich_text_valid(p_doc jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  with recursive node (value, depth) as (
    select p_doc, 1
    union all
    select c.value, n.depth + 1
    from node n
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(n.value -> 'content') = 'array' then n.value -> 'content' else '[]'::jsonb end) c
    where n.depth <= 32
  )
  select p_doc is null or not exists (
    select 1 from node n
    where n.depth > 32
       or jsonb_typeof(n.value) is distinct from 'object'
       or jsonb_typeof(n.value -> 'type') is distinct from 'string'
       or not (n.value ->> 'type' = any (array['doc', 'paragraph', 'blockquote', 'horizontal_rule', 'heading',
         'code_block', 'text', 'image', 'hard_break', 'ordered_list', 'bullet_list', 'list_item']))
       or (n.value ->> 'type' = 'doc') <> (n.depth = 1)
       or (n.value ? 'content' and (jsonb_typeof(n.value -> 'content') <> 'array'
           or n.value ->> 'type' = any (array['text', 'image', 'hard_break', 'horizontal_rule'])))
       or (n.value ? 'attrs' and jsonb_typeof(n.value -> 'attrs') <> 'object')
       or (n.value ->> 'type' = 'text') <> (n.value ? 'text')
       or (n.value ? 'text' and (jsonb_typeof(n.value -> 'text') <> 'string' or n.value ->> 'text' = ''))
       or (n.value ? 'marks' and (jsonb_typeof(n.value -> 'marks') <> 'array' or exists (
           select 1
           from jsonb_array_elements(case when jsonb_typeof(n.value -> 'marks') = 'array' then n.value -> 'marks' else '[]'::jsonb end) m
           where jsonb_typeof(m) is distinct from 'object'
              or jsonb_typeof(m -> 'type') is distinct from 'string'
              or not (m ->> 'type' = any (array['link', 'em', 'strong', 'code']))
              or (m ? 'attrs' and jsonb_typeof(m -> 'attrs') <> 'object'))))
  )
$$;
comment on function private.rich_text_valid(jsonb) is
  'True when the JSON is a document of the rich-text editor''s schema (names, arrays, marks, text, depth ≤ 32).';

revoke all on function private.rich_text_valid(jsonb) from public;
-- Constraints run with the writer's rights: experts and admins (authenticated) and the service role.
grant execute on function private.rich_text_valid(jsonb) to authenticated, service_role;

-- ============================================================================
-- tables: repaired lessons, revisions awaiting review
-- ============================================================================
-- What a stored document was before this migration made it readable (its plain text).
create table private.rich_text_repairs (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id text not null,
  column_name text not null,
  original jsonb not null,
  repaired_at timestamptz not null default now()
);
alter table private.rich_text_repairs enable row level security;
revoke all on private.rich_text_repairs from anon, authenticated;
grant select on private.rich_text_repairs to service_role;

-- An expert's edit of a published course's details (lesson_id null) or of a published lesson,
-- waiting for staff. One per lesson and one per course: a newer edit replaces the older one (with
-- a new id, so a reviewer never approves words they have not seen).
create table private.course_revisions (
  id bigint generated always as identity primary key,
  course_id bigint not null references public.courses (id) on delete cascade,
  lesson_id bigint references public.course_contents (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  summary text check (summary is null or length(summary) <= 1000),
  content jsonb check (content is null or (private.rich_text_valid(content) and private.rich_text_links_ok(content))),
  status text not null default 'pending' check (status in ('pending', 'rejected')),
  review_note text check (review_note is null or length(btrim(review_note)) between 1 and 1000),
  submitted_by uuid,
  submitted_at timestamptz not null default now(),
  reviewed_by uuid,
  reviewed_at timestamptz,
  constraint course_revisions_kind_check
    check (case when lesson_id is null then content is null else content is not null and summary is null end)
);
create unique index course_revisions_course_key on private.course_revisions (course_id) where lesson_id is null;
create unique index course_revisions_lesson_key on private.course_revisions (lesson_id) where lesson_id is not null;
create index course_revisions_course_id_idx on private.course_revisions (course_id);
create index course_revisions_status_idx on private.course_revisions (status, submitted_at);
comment on table private.course_revisions is
  'Experts'' edits of published courses and lessons awaiting staff review; the live rows stay as they are until approved.';
-- Only the security-definer functions below read and write it.
alter table private.course_revisions enable row level security;
revoke all on private.course_revisions from anon, authenticated;
grant select on private.course_revisions to service_role;

-- ============================================================================
-- data: lessons the editor could not open become their plain text
-- ============================================================================
with bad as (
  select c.id, c.content from public.course_contents c where not private.rich_text_valid(c.content)
), kept as (
  insert into private.rich_text_repairs (table_name, row_id, column_name, original)
  select 'course_contents', b.id::text, 'content', b.content from bad b
)
update public.course_contents c
set content = case when coalesce(btrim(t.text), '') = '' then '{"type": "doc", "content": []}'::jsonb
  else jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph',
    'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', t.text))))) end
from bad b
cross join lateral (
  select string_agg(v ->> 'text', ' ' order by i) as text
  from jsonb_path_query(b.content, 'strict $.**') with ordinality as q (v, i)
  where jsonb_typeof(v) = 'object' and jsonb_typeof(v -> 'text') = 'string'
) t
where c.id = b.id;

alter table public.course_contents
  add constraint course_contents_content_shape check (private.rich_text_valid(content));

-- ============================================================================
-- functions: triggers and policies for published work
-- ============================================================================
-- Published work changes through review: a signed-in caller who is no admin may not change the
-- live columns named in the trigger's arguments once the row is published (the expert's edit
-- goes to submit_lesson_edit / submit_course_edit instead). Position and the like stay free.
create or replace function private.guard_published_course_edits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_column text;
begin
  if not old.published or coalesce(auth.role(), '') <> 'authenticated' or private.is_admin() then
    return new;
  end if;
  foreach v_column in array tg_argv loop
    if (to_jsonb(new) -> v_column) is distinct from (to_jsonb(old) -> v_column) then
      raise exception 'This % is published: edits go to the Roots team for review first',
        case tg_table_name when 'courses' then 'course' else 'lesson' end
        using errcode = '42501', hint = 'Send the edit with submit_lesson_edit or submit_course_edit.';
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function private.guard_published_course_edits() from public;

create trigger courses_guard_published_edits before update on public.courses
  for each row execute function private.guard_published_course_edits('title', 'summary', 'slug', 'expert_id');
create trigger course_contents_guard_published_edits before update on public.course_contents
  for each row execute function private.guard_published_course_edits('title', 'content', 'course_id');

-- A published lesson leaves the public page only when staff remove it.
drop policy "Experts can delete their own lessons" on public.course_contents;
create policy "Experts can delete their own draft lessons" on public.course_contents
  for delete to authenticated
  using (course_id = any ((select private.my_course_ids())::bigint[]) and not published);

-- ============================================================================
-- functions: RPCs for edits and their review
-- ============================================================================
-- The checks both edit RPCs make before anything changes: the row is there (a draft exists only
-- for its editors), the caller may edit its course, and the new title fits. p_what names the
-- thing in the messages ('lesson' or 'course').
create or replace function private.check_course_edit(p_what text, p_found boolean, p_published boolean, p_course_id bigint, p_title text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not p_found or (not p_published and not private.can_edit_course(p_course_id)) then
    raise exception 'There is no % with that id', p_what using errcode = 'PT404';
  end if;
  if not private.can_edit_course(p_course_id) then
    raise exception 'Not allowed to change another expert''s course' using errcode = '42501';
  end if;
  if length(p_title) not between 1 and 200 then
    raise exception 'Give the % a title of at most 200 characters', p_what using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.check_course_edit(text, boolean, boolean, bigint, text) from public;

-- The lesson's title and text from its expert (or an admin). A draft lesson, or any lesson for
-- an admin, is saved at once ('saved'); a published lesson's edit waits for review ('in_review'),
-- replacing the expert's earlier edit of it, and the live lesson stays as it is.
create or replace function public.submit_lesson_edit(p_lesson_id bigint, p_title text, p_content jsonb)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_lesson public.course_contents;
  v_title text := btrim(coalesce(p_title, ''));
begin
  select * into v_lesson from public.course_contents c where c.id = p_lesson_id for update;
  perform private.check_course_edit('lesson', v_lesson.id is not null, coalesce(v_lesson.published, false), v_lesson.course_id, v_title);
  if p_content is null or not private.rich_text_valid(p_content) then
    raise exception 'The lesson text is not a document the editor can open' using errcode = '22023';
  end if;
  if not private.rich_text_links_ok(p_content) then
    raise exception 'Links may only use http, https, mailto or tel' using errcode = '22023';
  end if;

  -- Whatever waited for review is superseded by this edit.
  delete from private.course_revisions r where r.lesson_id = p_lesson_id;
  if not v_lesson.published or private.is_admin() then
    update public.course_contents c set title = v_title, content = p_content where c.id = p_lesson_id;
    return 'saved';
  end if;
  if v_lesson.title = v_title and v_lesson.content = p_content then
    return 'saved'; -- back to what is live: nothing to review
  end if;
  insert into private.course_revisions (course_id, lesson_id, title, content, submitted_by)
  values (v_lesson.course_id, p_lesson_id, v_title, p_content, auth.uid());
  return 'in_review';
end;
$$;
comment on function public.submit_lesson_edit(bigint, text, jsonb) is
  'An expert''s (or admin''s) lesson edit: saved at once for a draft, kept for review when the lesson is published.';

-- The course's title and summary from its expert (or an admin), as submit_lesson_edit does.
create or replace function public.submit_course_edit(p_course_id bigint, p_title text, p_summary text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_course public.courses;
  v_title text := btrim(coalesce(p_title, ''));
  v_summary text := nullif(btrim(coalesce(p_summary, '')), '');
begin
  select * into v_course from public.courses c where c.id = p_course_id for update;
  perform private.check_course_edit('course', v_course.id is not null, coalesce(v_course.published, false), v_course.id, v_title);
  if length(coalesce(v_summary, '')) > 1000 then
    raise exception 'Keep the summary to 1,000 characters' using errcode = '22023';
  end if;

  delete from private.course_revisions r where r.course_id = p_course_id and r.lesson_id is null;
  if not v_course.published or private.is_admin() then
    update public.courses c set title = v_title, summary = v_summary where c.id = p_course_id;
    return 'saved';
  end if;
  if v_course.title = v_title and v_course.summary is not distinct from v_summary then
    return 'saved'; -- back to what is live: nothing to review
  end if;
  insert into private.course_revisions (course_id, title, summary, submitted_by)
  values (p_course_id, v_title, v_summary, auth.uid());
  return 'in_review';
end;
$$;
comment on function public.submit_course_edit(bigint, text, text) is
  'An expert''s (or admin''s) course details: saved at once for a draft, kept for review when the course is published.';

-- The edits awaiting review (and those sent back) of one course, for its expert and admins; with
-- no course, every course's, for admins. Oldest first. The live text is beside each, so a
-- reviewer sees what changes.
create or replace function public.course_revisions(p_course_id bigint default null)
returns table (
  id bigint, course_id bigint, course_title text, lesson_id bigint, status text,
  title text, summary text, content jsonb, live_title text, live_summary text, live_content jsonb,
  review_note text, submitted_at timestamptz, reviewed_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_course_id is null and not private.is_admin() then
    raise exception 'Only admins can review courses' using errcode = '42501';
  end if;
  if p_course_id is not null and not private.can_edit_course(p_course_id) then
    raise exception 'There is no course with that id' using errcode = 'PT404';
  end if;
  return query
  select r.id, c.id, c.title, r.lesson_id, r.status,
    r.title, r.summary, r.content,
    coalesce(l.title, c.title), case when r.lesson_id is null then c.summary end, l.content,
    r.review_note, r.submitted_at, r.reviewed_at
  from private.course_revisions r
  left join public.course_contents l on l.id = r.lesson_id
  join public.courses c on c.id = coalesce(l.course_id, r.course_id)
  where (p_course_id is null and r.status = 'pending') or c.id = p_course_id
  order by r.submitted_at, r.id;
end;
$$;
comment on function public.course_revisions(bigint) is
  'Edits of published work awaiting review (or sent back) for one course (its expert, admins) or all pending ones (admins).';

-- Staff approve an edit (the live course or lesson takes it; the revision goes) or send it back
-- with a note the expert reads. Answers 'approved' or 'rejected'.
create or replace function public.review_course_revision(p_revision_id bigint, p_approve boolean, p_note text default null)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v private.course_revisions;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
begin
  if not private.is_admin() then
    raise exception 'Only admins can review courses' using errcode = '42501';
  end if;
  if p_approve is null then
    raise exception 'Approve the change or send it back' using errcode = '22023';
  end if;
  select * into v from private.course_revisions r where r.id = p_revision_id for update;
  if v.id is null then
    raise exception 'That change is no longer waiting: it was reviewed or replaced by a newer one' using errcode = 'PT404';
  end if;
  if not p_approve then
    if v_note is null or length(v_note) > 1000 then
      raise exception 'Say in a few words (at most 1,000 characters) why the change is sent back' using errcode = '22023';
    end if;
    update private.course_revisions r
    set status = 'rejected', review_note = v_note, reviewed_by = auth.uid(), reviewed_at = now()
    where r.id = v.id;
    return 'rejected';
  end if;
  if v.lesson_id is null then
    update public.courses c set title = v.title, summary = v.summary where c.id = v.course_id;
  else
    update public.course_contents c set title = v.title, content = v.content where c.id = v.lesson_id;
  end if;
  delete from private.course_revisions r where r.id = v.id;
  return 'approved';
end;
$$;
comment on function public.review_course_revision(bigint, boolean, text) is
  'Admins approve an expert''s edit of published work (the live row takes it) or send it back with a note.';

-- The expert (or an admin) drops an edit that is waiting or was sent back.
create or replace function public.discard_course_revision(p_revision_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_course_id bigint;
begin
  select coalesce(l.course_id, r.course_id) into v_course_id
  from private.course_revisions r left join public.course_contents l on l.id = r.lesson_id
  where r.id = p_revision_id;
  if v_course_id is null or not private.can_edit_course(v_course_id) then
    raise exception 'That change is no longer waiting: it was reviewed or replaced by a newer one' using errcode = 'PT404';
  end if;
  delete from private.course_revisions r where r.id = p_revision_id;
end;
$$;

revoke all on function public.submit_lesson_edit(bigint, text, jsonb), public.submit_course_edit(bigint, text, text),
  public.course_revisions(bigint), public.review_course_revision(bigint, boolean, text),
  public.discard_course_revision(bigint) from public, anon;
grant execute on function public.submit_lesson_edit(bigint, text, jsonb), public.submit_course_edit(bigint, text, text),
  public.course_revisions(bigint), public.review_course_revision(bigint, boolean, text),
  public.discard_course_revision(bigint) to authenticated, service_role;

-- ============================================================================
-- tables: who did what, in the audit log
-- ============================================================================
alter table public.audit_log
  add column actor_email text,
  add column actor_name text,
  add column via text,
  add column changes jsonb;
comment on column public.audit_log.actor_role is
  'The staff role of the person who acted; service_role for the system, scheduler for pg_cron jobs.';
comment on column public.audit_log.actor_email is 'The actor''s e-mail when the change was made (kept if the account goes).';
comment on column public.audit_log.actor_name is 'The actor''s name when the change was made.';
comment on column public.audit_log.via is 'The edge function that wrote with the service role (for the actor, if any).';
comment on column public.audit_log.changes is 'The changed fields: {"field": {"before": …, "after": …}}; updated_at left out.';

-- ============================================================================
-- functions: the audit trigger
-- ============================================================================
-- The fields that differ between two row images, before → after (nulls left out of inserts and
-- deletes; updated_at, which every update touches, left out).
create or replace function private.audit_diff(p_before jsonb, p_after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('before', p_before -> k.key, 'after', p_after -> k.key) order by k.key), '{}'::jsonb)
  from (select jsonb_object_keys(coalesce(p_before, '{}'::jsonb)) as key
        union
        select jsonb_object_keys(coalesce(p_after, '{}'::jsonb))) k
  where k.key <> 'updated_at'
    and nullif(p_before -> k.key, 'null'::jsonb) is distinct from nullif(p_after -> k.key, 'null'::jsonb)
$$;
revoke all on function private.audit_diff(jsonb, jsonb) from public;

-- Records a staff or service write, naming who acted (and the function that acted for them) and
-- what changed. Attached to every table staff can write (the triggers stay as they are).
create or replace function private.audit_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
  v_actor uuid;
  v_via text;
  v_headers jsonb;
  v_acting text;
  v_row jsonb;
  v_before jsonb;
  v_after jsonb;
  v_email text;
  v_name text;
begin
  -- No request claims (migrations, seed, maintenance as postgres): nothing to attribute.
  if nullif(current_setting('request.jwt.claims', true), '') is null then
    return coalesce(new, old);
  end if;
  v_role := private.staff_role();
  v_actor := auth.uid();
  if v_role is null and coalesce(auth.role(), '') = 'service_role' then
    v_actor := null;
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
    if v_headers is null then
      -- The service role inside the database, outside any API request: a pg_cron job.
      v_role := 'scheduler';
    else
      v_role := 'service_role';
      v_via := substring(v_headers ->> 'x-roots-function' from '^[a-z][a-z0-9-]{0,62}$');
      v_acting := substring(v_headers ->> 'x-roots-acting-user' from '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$');
      if v_acting is not null then
        -- A function acting for a member of staff it has checked: the entry names them (and
        -- their role; someone without one stays under the service role, named all the same).
        select p.id, r.name into v_actor, v_role
        from public.profiles p left join public.roles r on r.id = p.role_id
        where p.id = v_acting::uuid;
        v_role := coalesce(v_role, 'service_role');
      end if;
    end if;
  end if;
  if v_role is null then
    return coalesce(new, old);
  end if;
  if v_actor is not null then
    select p.email, p.full_name into v_email, v_name from public.profiles p where p.id = v_actor;
  end if;
  v_before := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_after := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row := coalesce(v_after, v_before);
  insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
  values (
    v_actor, v_role, v_email, v_name, v_via,
    tg_table_name,
    coalesce(v_row ->> 'id', v_row ->> 'key', v_row ->> 'user_id'),
    lower(tg_op),
    v_before, v_after,
    private.audit_diff(v_before, v_after)
  );
  return coalesce(new, old);
end;
$$;
revoke all on function private.audit_write() from public;
