-- Course creator: experts put the lessons of their own courses in order and delete their own
-- draft courses.
-- - move_course_lesson(lesson, 'up' | 'down') swaps a lesson with its neighbour in one statement,
--   one move per course at a time (the course row is locked), so two tabs or two people moving
--   lessons at once never leave two lessons on one position (the unique (course_id, position)
--   constraint, checked at the end of the statement, backs this up);
-- - it runs as the caller (RLS still applies) and checks first, with a message the client shows:
--   the course's expert or an admin may move its lessons;
-- - deleting stays with the existing policies: an expert deletes their own draft courses (a
--   published one is withdrawn by staff first), admins any course; lessons go with the course
--   (on delete cascade).

-- ============================================================================
-- functions: who may change a course
-- ============================================================================
-- True when the caller is an admin or the expert whose course it is.
create or replace function private.can_edit_course(p_course_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select coalesce(private.is_admin(), false) or p_course_id = any (private.my_course_ids()) $$;

revoke all on function private.can_edit_course(bigint) from public;
grant execute on function private.can_edit_course(bigint) to authenticated, service_role;

-- ============================================================================
-- functions: RPCs
-- ============================================================================
-- Moves a lesson one place up or down within its course (a no-op at either end) and returns
-- its number in the course afterwards (1 = first).
create or replace function public.move_course_lesson(p_lesson_id bigint, p_direction text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_course_id bigint;
  v_position integer;
  v_other_id bigint;
  v_other_position integer;
  v_rows integer;
begin
  if p_direction is null or p_direction not in ('up', 'down') then
    raise exception 'Move a lesson up or down' using errcode = '22023';
  end if;
  select c.course_id into v_course_id from public.course_contents c where c.id = p_lesson_id;
  if v_course_id is null then
    raise exception 'There is no lesson with that id' using errcode = 'P0002';
  end if;
  if not private.can_edit_course(v_course_id) then
    raise exception 'Not allowed to change another expert''s course' using errcode = '42501';
  end if;

  -- One move per course at a time; what follows reads the order as the last move left it.
  perform 1 from public.courses c where c.id = v_course_id for no key update;
  select c.position into v_position from public.course_contents c where c.id = p_lesson_id and c.course_id = v_course_id;
  if v_position is null then
    raise exception 'There is no lesson with that id' using errcode = 'P0002';
  end if;
  select c.id, c.position into v_other_id, v_other_position
  from public.course_contents c
  where c.course_id = v_course_id
    and case when p_direction = 'up' then c.position < v_position else c.position > v_position end
  order by case when p_direction = 'up' then -c.position else c.position end
  limit 1;

  if v_other_id is not null then
    update public.course_contents c
    set position = case when c.id = p_lesson_id then v_other_position else v_position end
    where c.id in (p_lesson_id, v_other_id) and c.course_id = v_course_id;
    get diagnostics v_rows = row_count;
    if v_rows <> 2 then
      raise exception 'Not allowed to change another expert''s course' using errcode = '42501';
    end if;
    v_position := v_other_position;
  end if;
  return (select count(*)::integer from public.course_contents c where c.course_id = v_course_id and c.position <= v_position);
end;
$$;
comment on function public.move_course_lesson(bigint, text) is
  'Moves a lesson one place up or down in its course (its expert or an admin); returns its new number, 1 = first.';
revoke all on function public.move_course_lesson(bigint, text) from public;
grant execute on function public.move_course_lesson(bigint, text) to authenticated, service_role;
