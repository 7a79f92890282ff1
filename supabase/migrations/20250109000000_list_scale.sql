-- National scale for the waiting lists (issue 22.2).
--
-- 1. Statement-level bookkeeping. The history (waiting_list_status_history), the queue events
--    (waiting_list_events), the private queue ledger (private.waiting_list_queue_log), the
--    "still interested?" events and the audit log of waiting_list_entries, plot_offers and
--    waiting_list_events were written by FOR EACH ROW triggers: a statement touching 10,000
--    entries ran 10,000 trigger calls, each with its own INSERT. They are now AFTER ... FOR EACH
--    STATEMENT triggers with transition tables, each writing one INSERT ... SELECT for the whole
--    statement; the rows they write are the same, in the same order (the order of the rows in
--    the statement). Postgres allows a transition table only on a trigger with one event and no
--    column list, so each bookkeeping trigger becomes one trigger per event, and the update
--    triggers filter what the old column lists (and WHEN clauses) selected.
--    The BEFORE triggers (prepare, place, open_site, zz_lock_queue) stay per row: they change
--    or refuse the row itself.
-- 2. The applicant's place in the queue counted in two steps: the waiting entries of whole
--    earlier months come from a small per-list, per-month tally (private.waiting_list_queue_months,
--    kept by statement-level triggers like the list counters), and only the entries of the
--    applicant's own month are counted from the queue index.
-- 3. The spreadsheet import builds its answer with one aggregate and keeps the e-mails it has
--    already taken in a set, not a growing JSON object (both were quadratic in the rows).

-- == 1. Statement-level bookkeeping ==

-- Who a write is attributed to, worked out once per statement (private.audit_write's rules;
-- audit_write now asks this too). No row: nothing is recorded (no request claims: migrations,
-- seed, maintenance as postgres; or claims of no one who is audited).
create or replace function private.audit_actor()
returns table (actor_id uuid, actor_role text, actor_email text, actor_name text, via text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text;
  v_actor uuid;
  v_via text;
  v_headers jsonb;
  v_acting text;
  v_email text;
  v_name text;
begin
  if nullif(current_setting('request.jwt.claims', true), '') is null then
    return;
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
    return;
  end if;
  if v_actor is not null then
    select p.email, p.full_name into v_email, v_name from public.profiles p where p.id = v_actor;
  end if;
  return query select v_actor, v_role, v_email, v_name, v_via;
end;
$$;
revoke execute on function private.audit_actor() from public, anon, authenticated;

-- The row-level audit (every other audited table): the same rules, from audit_actor.
create or replace function private.audit_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
  v_row jsonb;
  v_before jsonb;
  v_after jsonb;
begin
  select * into a from private.audit_actor();
  if not found then
    return coalesce(new, old);
  end if;
  v_before := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_after := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row := coalesce(v_after, v_before);
  insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
  values (
    a.actor_id, a.actor_role, a.actor_email, a.actor_name, a.via,
    tg_table_name,
    coalesce(v_row ->> 'id', v_row ->> 'key', v_row ->> 'user_id'),
    lower(tg_op),
    v_before, v_after,
    private.audit_diff(v_before, v_after)
  );
  return coalesce(new, old);
end;
$$;

-- The statement-level audit: one audit_log row per row the statement wrote, as audit_write.
-- Transition tables: new_rows (insert, update), old_rows (update, delete); an update's rows are
-- paired by id.
create or replace function private.audit_write_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
begin
  select * into a from private.audit_actor();
  if not found then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
    select a.actor_id, a.actor_role, a.actor_email, a.actor_name, a.via, tg_table_name,
      coalesce(x.j ->> 'id', x.j ->> 'key', x.j ->> 'user_id'), 'insert', null, x.j, private.audit_diff(null, x.j)
    from (select to_jsonb(n) as j, row_number() over () as i from new_rows n) x
    order by x.i;
  elsif tg_op = 'DELETE' then
    insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
    select a.actor_id, a.actor_role, a.actor_email, a.actor_name, a.via, tg_table_name,
      coalesce(x.j ->> 'id', x.j ->> 'key', x.j ->> 'user_id'), 'delete', x.j, null, private.audit_diff(x.j, null)
    from (select to_jsonb(o) as j, row_number() over () as i from old_rows o) x
    order by x.i;
  else
    insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
    select a.actor_id, a.actor_role, a.actor_email, a.actor_name, a.via, tg_table_name,
      coalesce(n.j ->> 'id', n.j ->> 'key', n.j ->> 'user_id'), 'update', o.j, n.j, private.audit_diff(o.j, n.j)
    from (select to_jsonb(x) as j, row_number() over () as i from new_rows x) n
    join (select to_jsonb(x) as j from old_rows x) o on o.j -> 'id' = n.j -> 'id'
    order by n.i;
  end if;
  return null;
end;
$$;
revoke execute on function private.audit_write_rows() from public, anon, authenticated;

-- The status history (as private.record_entry_status): a row per new entry and per change of
-- status.
create or replace function private.record_entry_status_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.waiting_list_status_history (entry_id, location_key, from_status, to_status, changed_by)
    select n.id, n.location_key, null, n.status, auth.uid()
    from (select x.*, row_number() over () as i from new_rows x) n
    order by n.i;
  else
    insert into public.waiting_list_status_history (entry_id, location_key, from_status, to_status, changed_by)
    select n.id, n.location_key, o.status, n.status, auth.uid()
    from (select x.*, row_number() over () as i from new_rows x) n
    join old_rows o on o.id = n.id
    where n.status is distinct from o.status
    order by n.i;
  end if;
  return null;
end;
$$;
revoke execute on function private.record_entry_status_rows() from public, anon, authenticated;

-- The queue events and the ledger (as private.record_queue_change): a 'joined'/'imported' event
-- per new entry; a -1 when an entry leaves a queue (or its place in it changes) and a +1 when
-- it takes one, the -1 first.
create or replace function private.record_queue_change_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_other text := coalesce(nullif(current_setting('roots.queue_change', true), ''),
    case when nullif(current_setting('request.jwt.claims', true), '') is null then 'maintenance' else 'changed' end);
begin
  if tg_op = 'INSERT' then
    insert into public.waiting_list_events (entry_id, location_key, kind, to_location, queue_date_after, actor_id)
    select n.id, n.location_key, case when n.joined_at < now() then 'imported' else 'joined' end,
      n.location, n.joined_at, auth.uid()
    from (select x.*, row_number() over () as i from new_rows x) n
    order by n.i;
    insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause)
    select n.location_key, n.id, n.joined_at, 1, case when n.joined_at < now() then 'imported' else 'joined' end
    from (select x.*, row_number() over () as i from new_rows x) n
    where n.status = 'waiting'
    order by n.i;
  else
    insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause)
    select c.location_key, c.entry_id, c.key_joined_at, c.delta, c.cause
    from (select x.*, row_number() over () as i from new_rows x) n
    join old_rows o on o.id = n.id
    cross join lateral (
      select o.location_key, o.id as entry_id, o.joined_at as key_joined_at, -1 as delta,
        case when n.status = 'waiting' then v_other else n.status end as cause, 1 as step
      where o.status = 'waiting'
      union all
      select n.location_key, n.id, n.joined_at, 1,
        case when o.status <> 'waiting' then 'reinstated' else v_other end, 2
      where n.status = 'waiting'
    ) c
    where not (o.status = 'waiting' and n.status = 'waiting'
      and o.location_key = n.location_key and o.joined_at = n.joined_at)
    order by n.i, c.step;
  end if;
  return null;
end;
$$;
revoke execute on function private.record_queue_change_rows() from public, anon, authenticated;

-- The "still interested?" events (as private.record_reconfirmation): one per request sent and
-- one per request confirmed.
create or replace function private.record_reconfirmation_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.waiting_list_events (entry_id, location_key, kind, queue_date_after)
    select e.id, e.location_key, 'asked_to_confirm', n.due_by
    from (select x.*, row_number() over () as i from new_rows x) n
    join public.waiting_list_entries e on e.id = n.entry_id
    order by n.i;
  else
    insert into public.waiting_list_events (entry_id, location_key, kind, queue_date_after)
    select e.id, e.location_key, 'confirmed', null
    from (select x.*, row_number() over () as i from new_rows x) n
    join old_rows o on o.id = n.id
    join public.waiting_list_entries e on e.id = n.entry_id
    where n.status = 'confirmed' and o.status is distinct from 'confirmed'
    order by n.i;
  end if;
  return null;
end;
$$;
revoke execute on function private.record_reconfirmation_rows() from public, anon, authenticated;

-- The audit of the three list tables: one statement-level trigger per event (a transition table
-- allows one event a trigger), in place of the row-level <table>_audit.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['waiting_list_entries', 'plot_offers', 'waiting_list_events'] loop
    execute format('drop trigger if exists %I on public.%I', v_table || '_audit', v_table);
    execute format('create or replace trigger %I after insert on public.%I referencing new table as new_rows '
      'for each statement execute function private.audit_write_rows()', v_table || '_audit_insert', v_table);
    execute format('create or replace trigger %I after update on public.%I referencing old table as old_rows '
      'new table as new_rows for each statement execute function private.audit_write_rows()', v_table || '_audit_update', v_table);
    execute format('create or replace trigger %I after delete on public.%I referencing old table as old_rows '
      'for each statement execute function private.audit_write_rows()', v_table || '_audit_delete', v_table);
  end loop;
end;
$$;

drop trigger if exists waiting_list_entries_history on public.waiting_list_entries;
create or replace trigger waiting_list_entries_history_insert after insert on public.waiting_list_entries
  referencing new table as new_rows for each statement execute function private.record_entry_status_rows();
create or replace trigger waiting_list_entries_history_update after update on public.waiting_list_entries
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_entry_status_rows();

drop trigger if exists waiting_list_entries_queue_log on public.waiting_list_entries;
create or replace trigger waiting_list_entries_queue_log_insert after insert on public.waiting_list_entries
  referencing new table as new_rows for each statement execute function private.record_queue_change_rows();
create or replace trigger waiting_list_entries_queue_log_update after update on public.waiting_list_entries
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_queue_change_rows();

drop trigger if exists reconfirmations_events on private.reconfirmations;
create or replace trigger reconfirmations_events_insert after insert on private.reconfirmations
  referencing new table as new_rows for each statement execute function private.record_reconfirmation_rows();
create or replace trigger reconfirmations_events_update after update on private.reconfirmations
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_reconfirmation_rows();

-- The audit's "changes" (what differs between before and after, updated_at aside), the same
-- object as before, from one pass over both rows' keys instead of a union of their key lists:
-- half the time a row, which a statement of 10,000 rows pays 10,000 times.
create or replace function private.audit_diff(p_before jsonb, p_after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(coalesce(b.key, a.key), jsonb_build_object('before', b.value, 'after', a.value)), '{}'::jsonb)
  from jsonb_each(p_before) b
  full join jsonb_each(p_after) a on a.key = b.key
  where coalesce(b.key, a.key) <> 'updated_at'
    and nullif(b.value, 'null'::jsonb) is distinct from nullif(a.value, 'null'::jsonb)
$$;
