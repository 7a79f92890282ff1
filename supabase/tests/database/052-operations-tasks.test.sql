-- Tasks: assigned to a member of staff or nobody, moved by admins, not seen by patch managers.
begin;
select plan(5);

select tests.create_actors();

-- ============================================================================
-- tasks: assigned to staff, seen by admins only
-- ============================================================================
select tests.authenticate_as('team');
select throws_ok($$insert into public.tasks (title, assigned_to) values ('For a member', tests.uid('member'))$$,
  '23514', 'Tasks can only be assigned to staff', 'a task cannot be assigned to a member');
select lives_ok($$insert into public.tasks (title, assigned_to, site_id, status) values ('For a patch manager', tests.uid('pm_a'), 9001, 'todo')$$,
  'a task is assigned to a member of staff');
select lives_ok($$update public.tasks set status = 'doing' where title = 'For a patch manager'$$, 'an admin moves a task');
select is((select status from public.tasks where title = 'For a patch manager'), 'doing', 'the task is in its new column');
select tests.authenticate_as('pm_a');
select is_empty($$select 1 from public.tasks where title = 'For a patch manager'$$, 'patch managers do not see the task board');
select tests.clear_authentication();

select * from finish();
rollback;
