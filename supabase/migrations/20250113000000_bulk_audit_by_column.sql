-- The scheduler's bulk audit rows without a JSON image of every row.
--
-- 20250111000000_scheduler_bulk_audit.sql records a bulk statement of the scheduler's as one
-- audit row, with the status move every row made. It found that move by turning each old and
-- new row into JSON and joining them by id: in the expiry of 10,000 offers, 50,000 rows turned
-- into JSON (two updates of offers and entries, one insert of offers) for four small audit rows.
-- The move is now read from the status column itself: every row moved from one status, and every
-- row to one other, needs no pairing of rows, only the distinct statuses on each side. A table
-- without a status column records no move, as before.

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
      -- The one move every row made, read from the status column itself (no row to JSON).
      if exists (select 1 from pg_catalog.pg_attribute c
          where c.attrelid = tg_relid and c.attname = 'status' and c.attnum > 0 and not c.attisdropped) then
        if tg_op = 'UPDATE' then
          execute 'select case when b.n = 1 and x.n = 1 and b.s is distinct from x.s
              then jsonb_build_object(''status'', jsonb_build_object(''before'', b.s, ''after'', x.s)) end
            from (select count(distinct o.status) as n, min(o.status::text) as s from old_rows o) b,
              (select count(distinct n.status) as n, min(n.status::text) as s from new_rows n) x'
            into v_changes;
        elsif tg_op = 'INSERT' then
          execute 'select case when count(distinct n.status) = 1 and min(n.status::text) is not null
              then jsonb_build_object(''status'', jsonb_build_object(''before'', null, ''after'', min(n.status::text))) end
            from new_rows n'
            into v_changes;
        end if;
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
