-- National scale for the waiting lists.
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

-- == 3. The spreadsheet import, set-wise ==
-- The same answers as before (20250108000200_list_import.sql), worked out for all rows at once:
-- each row is checked once; whether its e-mail is already live (and from which row of this
-- import) is one lookup per row; the first good row of an e-mail comes from a window, not from a
-- JSON object grown row by row; the good rows are inserted with one INSERT (row by row, each in
-- its own subtransaction, only when that INSERT breaks a rule, so each row gets its own error);
-- the rows' outcomes are recorded with one INSERT and the answer is built with one aggregate.
create or replace function public.import_waiting_list(
  p_site_id bigint,
  p_rows jsonb,
  p_dry_run boolean default true,
  p_send_welcome boolean default false,
  p_import_id uuid default null,
  p_file_name text default null,
  p_total_rows integer default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_dry boolean := coalesce(p_dry_run, true);
  v_site public.global_sites;
  v_import public.waiting_list_imports;
  v_count integer;
  v_key text;
  v_rows jsonb;
  v_set_failed boolean := false;
  v_entry_id bigint;
  v_r record;
  v_new_imported integer := 0;
  v_new_duplicates integer := 0;
  v_new_errors integer := 0;
begin
  if p_site_id is null then
    raise exception 'Choose a site.' using errcode = '22023';
  end if;
  if not private.can_work_site(p_site_id) then
    raise exception 'You may not import into this site''s waiting list.' using errcode = '42501';
  end if;
  select * into v_site from public.global_sites s where s.id = p_site_id;
  if not found then
    raise exception 'No site has that id.' using errcode = 'PT404';
  end if;
  if coalesce(v_site.status, 'upcoming') = 'upcoming' then
    raise exception 'This site is not open yet: its waiting list cannot take applicants.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'Send the rows as a list.' using errcode = '22023';
  end if;
  v_count := jsonb_array_length(p_rows);
  if v_count = 0 then
    raise exception 'There are no rows to check: the file has only a header or nothing at all.' using errcode = '22023';
  end if;
  if v_dry and v_count > 10000 then
    raise exception 'The file has % rows: import at most 10,000 rows per file (split it into smaller files).', v_count
      using errcode = '22023';
  end if;

  if not v_dry then
    if v_count > 500 then
      raise exception 'Send at most 500 rows per batch.' using errcode = '22023';
    end if;
    if p_import_id is null or p_total_rows is null or nullif(trim(p_file_name), '') is null then
      raise exception 'An import needs its id, its file name and its number of rows.' using errcode = '22023';
    end if;
    if p_total_rows not between 1 and 10000 then
      raise exception 'An import has 1 to 10,000 rows.' using errcode = '22023';
    end if;
    insert into public.waiting_list_imports (id, site_id, file_name, total_rows, send_welcome, created_by)
    values (p_import_id, p_site_id, left(trim(p_file_name), 255), p_total_rows, coalesce(p_send_welcome, false), auth.uid())
    on conflict (id) do nothing;
    select * into v_import from public.waiting_list_imports i where i.id = p_import_id for update;
    if v_import.site_id <> p_site_id or v_import.created_by is distinct from auth.uid() then
      raise exception 'That import id belongs to another import.' using errcode = '22023';
    end if;
  end if;

  if exists (
    select 1 from jsonb_array_elements(p_rows) v
    where case when jsonb_typeof(v -> 'row') = 'number'
      then (v ->> 'row')::numeric::integer not between 1 and 1000000 else true end
  ) then
    raise exception 'Every row needs its row number (1 to 1,000,000).' using errcode = '22023';
  end if;
  v_key := lower(trim(v_site.location));

  -- Every row's outcome before anything is written. A row this import already recorded (a
  -- retried batch), or a row number repeated in this batch, is answered from the first record.
  if to_regclass('pg_temp.import_work') is null then
    create temporary table import_work (
    ord integer primary key,
    row_number integer not null,
    repeat_of integer,
    recorded private.waiting_list_import_rows,
    email_key text,
    vals jsonb,
    outcome text,
    messages text[],
    entry_id bigint
    ) on commit drop;
  end if;
  truncate pg_temp.import_work;
  insert into pg_temp.import_work (ord, row_number, repeat_of, recorded, email_key, vals, outcome, messages)
  with input as (
    select v.ord::integer as ord, (v.value ->> 'row')::numeric::integer as row_number, v.value as row
    from jsonb_array_elements(p_rows) with ordinality v(value, ord)
  ),
  fresh as (
    select i.*,
      case when not v_dry then min(i.ord) over (partition by i.row_number) end as first_ord,
      d as recorded
    from input i
    left join private.waiting_list_import_rows d
      on not v_dry and d.import_id = p_import_id and d.row_number = i.row_number
  ),
  checked as materialized (
    select f.*, c.chk, array(select jsonb_array_elements_text(c.chk -> 'problems')) as problems
    from fresh f
    cross join lateral (
      select private.import_check_row(p_site_id, f.row) as chk
      where f.recorded is null and (f.first_ord is null or f.first_ord = f.ord)
      offset 0 -- once a row, not once for each use of chk
    ) c
  ),
  looked as (
    select c.*, l.joined_at as live_joined_at, l.file_row
    from checked c
    left join lateral (
      select e.joined_at, ir.row_number as file_row
      from public.waiting_list_entries e
      left join private.waiting_list_import_rows ir on ir.entry_id = e.id and ir.import_id = p_import_id
      where cardinality(c.problems) = 0
        and e.location_key = v_key and e.email_normalised = c.chk ->> 'email_key'
        and e.status in ('waiting', 'offered')
      limit 1
    ) l on true
  ),
  firsts as (
    select k.*,
      case when cardinality(k.problems) = 0 and k.live_joined_at is null
        then first_value(k.row_number) over (partition by cardinality(k.problems) = 0 and k.live_joined_at is null,
          k.chk ->> 'email_key' order by k.ord)
      end as first_row,
      case when cardinality(k.problems) = 0 and k.live_joined_at is null
        then first_value(k.ord) over (partition by cardinality(k.problems) = 0 and k.live_joined_at is null,
          k.chk ->> 'email_key' order by k.ord)
      end as first_row_ord
    from looked k
  )
  select f.ord, f.row_number, case when f.first_ord <> f.ord then f.first_ord end, f.recorded,
    x.chk ->> 'email_key', x.chk -> 'values',
    case
      when x.ord is null then null
      when cardinality(x.problems) > 0 then 'error'
      when x.file_row is not null or x.live_joined_at is not null or x.first_row_ord <> x.ord then 'duplicate'
      else 'ok'
    end,
    case
      when x.ord is null then null
      when cardinality(x.problems) > 0 then x.problems
      when x.file_row is not null then array[format('Same e-mail as row %s of this file.', x.file_row)]
      when x.live_joined_at is not null then array[format('Already on this waiting list (joined %s).',
        to_char(x.live_joined_at at time zone 'Europe/London', 'DD/MM/YYYY'))]
      when x.first_row_ord <> x.ord then array[format('Same e-mail as row %s of this file.', x.first_row)]
      else '{}'::text[]
    end
  from fresh f
  left join firsts x on x.ord = f.ord;

  if not v_dry then
    -- The good rows, in one INSERT; one that breaks a rule sends them through one at a time.
    begin
      with added as (
        insert into public.waiting_list_entries (site_id, location, category_id, first_name, last_name, email,
          phone, postcode, plot_size_preference, notes, consent_privacy, consented_at, joined_at)
        select p_site_id, v_site.location, (w.vals ->> 'category_id')::bigint, w.vals ->> 'first_name',
          w.vals ->> 'last_name', w.vals ->> 'email', w.vals ->> 'phone', w.vals ->> 'postcode',
          w.vals ->> 'plot_size_preference', w.vals ->> 'notes', true,
          (w.vals ->> 'joined_at')::timestamptz, (w.vals ->> 'joined_at')::timestamptz
        from pg_temp.import_work w where w.outcome = 'ok'
        order by w.ord
        on conflict (location_key, email_normalised) where status in ('waiting', 'offered') do nothing
        returning id, email_normalised
      )
      update pg_temp.import_work w set entry_id = a.id
      from added a where w.outcome = 'ok' and w.email_key = a.email_normalised;
    exception when check_violation or not_null_violation or foreign_key_violation or invalid_text_representation then
      v_set_failed := true;
    end;
    if v_set_failed then
      for v_r in select w.ord, w.vals from pg_temp.import_work w where w.outcome = 'ok' order by w.ord loop
        begin
          v_entry_id := null;
          insert into public.waiting_list_entries (site_id, location, category_id, first_name, last_name, email,
            phone, postcode, plot_size_preference, notes, consent_privacy, consented_at, joined_at)
          values (p_site_id, v_site.location, (v_r.vals ->> 'category_id')::bigint, v_r.vals ->> 'first_name',
            v_r.vals ->> 'last_name', v_r.vals ->> 'email', v_r.vals ->> 'phone', v_r.vals ->> 'postcode',
            v_r.vals ->> 'plot_size_preference', v_r.vals ->> 'notes', true,
            (v_r.vals ->> 'joined_at')::timestamptz, (v_r.vals ->> 'joined_at')::timestamptz)
          on conflict (location_key, email_normalised) where status in ('waiting', 'offered') do nothing
          returning id into v_entry_id;
          update pg_temp.import_work w set entry_id = v_entry_id where w.ord = v_r.ord;
        exception when check_violation or not_null_violation or foreign_key_violation or invalid_text_representation then
          update pg_temp.import_work w set outcome = 'error',
            messages = array['This row breaks a rule of the waiting list: ' || sqlerrm]
          where w.ord = v_r.ord;
        end;
      end loop;
    end if;
    -- Joined through the public form between the check and now: a duplicate.
    update pg_temp.import_work w
    set outcome = case when w.entry_id is null then 'duplicate' else 'imported' end,
      messages = case when w.entry_id is null then array['Already on this waiting list.'] else w.messages end
    where w.outcome = 'ok';
    insert into private.waiting_list_import_rows (import_id, row_number, outcome, entry_id, messages, welcome)
    select p_import_id, w.row_number, w.outcome, w.entry_id, w.messages, w.outcome = 'imported' and v_import.send_welcome
    from pg_temp.import_work w
    where w.recorded is null and w.repeat_of is null
    order by w.ord;
    select count(*) filter (where w.outcome = 'imported'), count(*) filter (where w.outcome = 'duplicate'),
      count(*) filter (where w.outcome = 'error')
    into v_new_imported, v_new_duplicates, v_new_errors
    from pg_temp.import_work w where w.recorded is null and w.repeat_of is null;
  end if;

  select coalesce(jsonb_agg(
    case
      when w.recorded is not null then jsonb_build_object('row', w.row_number, 'status', (w.recorded).outcome,
        'messages', to_jsonb((w.recorded).messages), 'repeated', true)
      when w.repeat_of is not null then jsonb_build_object('row', w.row_number, 'status', coalesce((f.recorded).outcome, f.outcome),
        'messages', to_jsonb(coalesce((f.recorded).messages, f.messages)), 'repeated', true)
      else jsonb_build_object('row', w.row_number, 'status', w.outcome, 'messages', to_jsonb(w.messages))
    end order by w.ord), '[]')
  into v_rows
  from pg_temp.import_work w
  left join pg_temp.import_work f on f.ord = w.repeat_of;

  if v_dry then
    return jsonb_build_object(
      'dry_run', true,
      'rows', v_rows,
      'counts', jsonb_build_object(
        'ok', (select count(*) from pg_temp.import_work w where w.outcome = 'ok'),
        'duplicates', (select count(*) from pg_temp.import_work w where w.outcome = 'duplicate'),
        'errors', (select count(*) from pg_temp.import_work w where w.outcome = 'error')
      )
    );
  end if;

  if v_new_imported + v_new_duplicates + v_new_errors > 0 then
    update public.waiting_list_imports i
    set imported_count = i.imported_count + v_new_imported,
        duplicate_count = i.duplicate_count + v_new_duplicates,
        error_count = i.error_count + v_new_errors,
        updated_at = now()
    where i.id = p_import_id
    returning * into v_import;
  end if;
  if v_import.finished_at is null
     and (select count(*) from private.waiting_list_import_rows r where r.import_id = p_import_id) >= v_import.total_rows then
    update public.waiting_list_imports i set finished_at = now() where i.id = p_import_id returning * into v_import;
  end if;
  return jsonb_build_object(
    'dry_run', false,
    'rows', v_rows,
    'import', jsonb_build_object(
      'id', v_import.id, 'total_rows', v_import.total_rows, 'imported', v_import.imported_count,
      'duplicates', v_import.duplicate_count, 'errors', v_import.error_count,
      'send_welcome', v_import.send_welcome, 'finished_at', v_import.finished_at
    )
  );
end;
$$;

-- == 2. The applicant's place in the queue ==
-- How many live entries (waiting or offered, as private.waiting_list_counters) each list has per
-- month of joining (UTC), kept by statement-level triggers. A place is then the live entries of
-- the whole months before the applicant's (a sum over at most a few hundred rows), less the
-- offered ones among them (a partial index of the few live offers), plus the waiting entries
-- ahead in their own month (a short range of the queue index), where it was a count over the
-- whole queue ahead (50,000 index entries at the back of a list of 50,000). Live, not waiting:
-- an offer (waiting -> offered) then changes no tally row, so two sessions offering places at one
-- site never wait for each other on it.
create table private.waiting_list_queue_months (
  location_key text not null,
  month timestamp not null,
  live bigint not null default 0,
  primary key (location_key, month)
);
comment on table private.waiting_list_queue_months is
  'Live (waiting or offered) entries per list and month of joining (UTC), for the place in the queue; kept by triggers on waiting_list_entries.';
alter table private.waiting_list_queue_months enable row level security;
revoke all on private.waiting_list_queue_months from anon, authenticated;
grant select on private.waiting_list_queue_months to service_role;

create or replace function private.queue_month(p_joined_at timestamptz)
returns timestamp
language sql
immutable
set search_path = ''
as $$
  select date_trunc('month', p_joined_at at time zone 'UTC')
$$;
revoke execute on function private.queue_month(timestamptz) from public, anon, authenticated;

insert into private.waiting_list_queue_months (location_key, month, live)
select w.location_key, private.queue_month(w.joined_at), count(*)
from public.waiting_list_entries w where w.status in ('waiting', 'offered')
group by 1, 2;
-- The live offers of a list by joining date. The predicate names location_key too, so only a query
-- on a list can use it: a statement that merely asks for status = 'offered' (the expiry) would
-- otherwise be planned around it while fresh offers are not yet in the statistics.
create index waiting_list_entries_location_offered_idx on public.waiting_list_entries (location_key, joined_at)
  where status = 'offered' and location_key is not null;

-- Transition tables: new_rows (insert, update), old_rows (update, delete).
create or replace function private.count_queue_months()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_keys text[];
  v_joined timestamptz[];
  v_n integer[];
begin
  -- Each branch names only the transition tables its event has.
  if tg_op = 'INSERT' then
    select array_agg(n.location_key), array_agg(n.joined_at), array_agg(1)
    into v_keys, v_joined, v_n from new_rows n where n.status in ('waiting', 'offered');
  elsif tg_op = 'DELETE' then
    select array_agg(o.location_key), array_agg(o.joined_at), array_agg(-1)
    into v_keys, v_joined, v_n from old_rows o where o.status in ('waiting', 'offered');
  else
    select array_agg(c.location_key), array_agg(c.joined_at), array_agg(c.n)
    into v_keys, v_joined, v_n
    from (
      select n.location_key, n.joined_at, 1 as n from new_rows n where n.status in ('waiting', 'offered')
      union all
      select o.location_key, o.joined_at, -1 from old_rows o where o.status in ('waiting', 'offered')
    ) c;
  end if;
  insert into private.waiting_list_queue_months as m (location_key, month, live)
  select c.location_key, private.queue_month(c.joined_at), sum(c.n)
  from unnest(v_keys, v_joined, v_n) c(location_key, joined_at, n)
  group by 1, 2 having sum(c.n) <> 0
  order by 1, 2
  on conflict (location_key, month) do update set live = m.live + excluded.live;
  return null;
end;
$$;
revoke execute on function private.count_queue_months() from public, anon, authenticated;

create or replace trigger waiting_list_entries_queue_months_insert after insert on public.waiting_list_entries
  referencing new table as new_rows for each statement execute function private.count_queue_months();
create or replace trigger waiting_list_entries_queue_months_update after update on public.waiting_list_entries
  referencing old table as old_rows new table as new_rows for each statement execute function private.count_queue_months();
create or replace trigger waiting_list_entries_queue_months_delete after delete on public.waiting_list_entries
  referencing old table as old_rows for each statement execute function private.count_queue_months();

-- The status page (as in 20250101000200_waiting_list.sql), its place in the queue from the
-- monthly tally, the live offers and the applicant's own month.
create or replace function public.get_waiting_list_position(p_reference text)
returns table (reference text, location text, site_id bigint, status text, joined_at timestamptz, queue_position bigint, list_length bigint, moved_last_year bigint, estimated_wait_months numeric, offer_respond_by timestamptz, offer_token text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.waiting_list_entries;
  v_position bigint;
  v_length bigint;
  v_moved bigint;
  v_since timestamptz;
  v_month timestamp;
begin
  select * into e from public.waiting_list_entries w where w.reference = p_reference;
  if not found then
    return;
  end if;
  if e.status = 'waiting' then
    v_month := private.queue_month(e.joined_at);
    select coalesce((select sum(m.live) from private.waiting_list_queue_months m
        where m.location_key = e.location_key and m.month < v_month), 0)
      - (select count(*) from public.waiting_list_entries w
        where w.location_key = e.location_key and w.status = 'offered' and w.joined_at < (v_month at time zone 'UTC'))
      + (select count(*) from public.waiting_list_entries w
        where w.location_key = e.location_key and w.status = 'waiting'
          and w.joined_at >= (v_month at time zone 'UTC')
          and (w.joined_at, w.id) < (e.joined_at, e.id))
      + 1
    into v_position;
  end if;
  select coalesce((select c.live_count from private.waiting_list_counters c where c.location_key = e.location_key), 0)
    into v_length;
  select count(*) into v_moved
  from public.waiting_list_status_history h
  where h.location_key = e.location_key and h.to_status = 'offered'
    and h.changed_at > now() - interval '1 year';
  -- The list's age within the last year, at least a month: the window its pace is measured over.
  select greatest(min(h.changed_at), now() - interval '1 year') into v_since
  from public.waiting_list_status_history h
  where h.location_key = e.location_key and h.to_status = 'waiting';
  return query
  select e.reference, e.location, e.site_id, e.status, e.joined_at, v_position, v_length, v_moved,
    case
      when v_position is null or v_moved = 0 then null
      else round(v_position * greatest(extract(epoch from now() - v_since) / 2629800.0, 1.0) / v_moved, 1)
    end,
    o.respond_by,
    o.response_token
  from (select 1) x
  left join public.plot_offers o on o.entry_id = e.id and o.status = 'offered';
end;
$$;

-- == 4. The scheduled expiry, set-wise ==
-- As in 20250108000100_offer_choices.sql, but the places freed at a site are offered to its next
-- applicants in one statement for all sites at once, instead of one private.offer_next call (a
-- statement with its own triggers) per site. A site whose expired offers were for several
-- categories or plot sizes still goes group by group through offer_next, so one applicant is
-- never picked for two of its groups.
create or replace function public.expire_plot_offers(p_site_id bigint default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expired integer := 0;
  v_groups jsonb;
  r record;
begin
  if p_site_id is null and not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Not allowed to expire offers at every site' using errcode = '42501';
  end if;
  if p_site_id is not null and not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  with due as (
    select o.id from public.plot_offers o
    where o.status = 'offered' and o.respond_by < now()
      and (p_site_id is null or o.site_id = p_site_id)
    for update skip locked
  ),
  expired as (
    update public.plot_offers o set status = 'expired', responded_at = now()
    from due where o.id = due.id
    returning o.entry_id, o.site_id, o.category_id, o.plot_size
  ),
  entries as (
    update public.waiting_list_entries w set status = 'expired'
    from expired x where w.id = x.entry_id and w.status = 'offered'
    returning w.site_id
  ),
  grouped as (
    select x.site_id, x.category_id, x.plot_size, count(*)::integer as n from expired x
    group by x.site_id, x.category_id, x.plot_size
  ),
  counted as (
    select g.*, count(*) over (partition by g.site_id) = 1 as alone from grouped g
  )
  select coalesce(sum(g.n), 0)::integer,
    coalesce(jsonb_agg(jsonb_build_object('site_id', g.site_id, 'category_id', g.category_id, 'plot_size', g.plot_size,
      'n', g.n, 'alone', g.alone)) filter (where g.site_id is not null), '[]')
  into v_expired, v_groups
  from counted g;

  -- Sites with one group: their next applicants, all in one statement.
  with groups as (
    select (g ->> 'site_id')::bigint as site_id, (g ->> 'category_id')::bigint as category_id,
      g ->> 'plot_size' as plot_size, (g ->> 'n')::integer as n
    from jsonb_array_elements(v_groups) g where (g ->> 'alone')::boolean
  ),
  next_entries as (
    select p.id, g.category_id, g.plot_size
    from groups g
    cross join lateral (
      select w.id
      from public.waiting_list_entries w
      where w.site_id = g.site_id and w.status = 'waiting'
        and (g.category_id is null or w.category_id = g.category_id)
        and (g.plot_size is null or w.plot_size_preference is null or w.plot_size_preference in (g.plot_size, 'any'))
      order by w.joined_at, w.id
      limit g.n
      for update skip locked
    ) p
  ),
  marked as (
    update public.waiting_list_entries w set status = 'offered'
    from next_entries n
    where w.id = n.id and w.status = 'waiting'
    returning w.id, w.site_id, w.location_key, n.category_id, n.plot_size
  )
  insert into public.plot_offers (entry_id, site_id, location_key, offered_by, respond_by, category_id, plot_size)
  select m.id, m.site_id, m.location_key, auth.uid(), now() + make_interval(days => 7), m.category_id, m.plot_size
  from marked m;

  -- Sites with several groups: one group at a time.
  for r in
    select (g ->> 'site_id')::bigint as site_id, (g ->> 'category_id')::bigint as category_id,
      g ->> 'plot_size' as plot_size, (g ->> 'n')::integer as n
    from jsonb_array_elements(v_groups) g where not (g ->> 'alone')::boolean
  loop
    perform private.offer_next(r.site_id, r.n, 7, r.category_id, r.plot_size);
  end loop;
  return v_expired;
end;
$$;
