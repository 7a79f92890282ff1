-- The scheduler's bulk writes to the lists, audited per statement.
--
-- The expiry job (every minute) usually expires a handful of offers, and each keeps its own audit
-- row. After an outage it may find thousands due at once: 10,000 offers meant 40,000 audit rows,
-- each with the whole row before and after and their difference, half the time of the run and a
-- log in which staff could no longer find anything else. The per-entry record of such a run is
-- already kept where applicants and staff read it (waiting_list_status_history, the queue ledger,
-- each offer's own row); what the audit adds is who did it, when, and to which rows.
--
-- So a statement of the scheduler's that writes more than 100 rows of a list table is recorded
-- as one audit row: the table, the action, how many rows (the new column bulk_rows), their ids
-- (after.ids) and, when every row made the same move, that move (changes.status). Staff writes,
-- functions acting for staff and the scheduler's small runs keep one row each, as before.

alter table public.audit_log add column bulk_rows integer check (bulk_rows is null or bulk_rows > 1);
comment on column public.audit_log.bulk_rows is
  'Set on a statement recorded as one row (the scheduler''s bulk writes): how many rows it wrote; their ids are in after.ids.';

create or replace function private.audit_write_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
  v_rows integer;
  v_ids jsonb;
  v_changes jsonb;
begin
  select * into a from private.audit_actor();
  if not found then
    return null;
  end if;
  if a.actor_role = 'scheduler' then
    if tg_op = 'DELETE' then
      select count(*)::integer, jsonb_agg(x.id order by x.id) into v_rows, v_ids from old_rows x;
    else
      select count(*)::integer, jsonb_agg(x.id order by x.id) into v_rows, v_ids from new_rows x;
    end if;
    if v_rows > 100 then
      if tg_op = 'UPDATE' then
        select case when count(distinct o.j ->> 'status') = 1 and count(distinct n.j ->> 'status') = 1
            and min(o.j ->> 'status') is distinct from min(n.j ->> 'status')
          then jsonb_build_object('status', jsonb_build_object('before', min(o.j ->> 'status'), 'after', min(n.j ->> 'status')))
        end into v_changes
        from (select x.id, to_jsonb(x) as j from new_rows x) n
        join (select x.id, to_jsonb(x) as j from old_rows x) o on o.id = n.id;
      elsif tg_op = 'INSERT' then
        select case when count(distinct x.j ->> 'status') = 1 and min(x.j ->> 'status') is not null
          then jsonb_build_object('status', jsonb_build_object('before', null, 'after', min(x.j ->> 'status')))
        end into v_changes
        from (select to_jsonb(y) as j from new_rows y) x;
      end if;
      insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action,
        before, after, changes, bulk_rows)
      values (a.actor_id, a.actor_role, a.actor_email, a.actor_name, a.via, tg_table_name, null, lower(tg_op),
        null, jsonb_build_object('ids', v_ids), coalesce(v_changes, '{}'::jsonb), v_rows);
      return null;
    end if;
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
