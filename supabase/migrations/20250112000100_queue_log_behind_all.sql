-- The applicant's history without reading the people behind them (the history page
-- on a 50,000 list took 5 ms, against 2 for the whole status page).
-- The history counts, per month, the ledger rows of others that moved an applicant: somebody
-- ahead of them leaving, or somebody arriving ahead of them. It read every ledger row of the list
-- after the applicant's own: on a long list mostly the joins of everybody who came after them,
-- none of which moves anybody, as a person who joins at the back is behind everyone there.
-- - waiting_list_queue_log.behind_all: an arrival (+1) behind everybody in the queue at that
--   moment: its key (joined_at, then entry id) above those of the people waiting there, of the
--   people the same statement takes off the list, and of the arrivals before it in the same
--   statement. Such a row is ahead of nobody whose span it falls in, so leaving it out of the
--   history changes no figure. Rows written before this migration stay false (read, as before).
-- - Exact under concurrency: a statement that adds arrivals to a queue first takes that queue's
--   transaction lock (queues in name order), so of two arrivals at one queue the second is
--   flagged after the first has committed, seeing it.
-- - The history reads a list's rows through a partial index without the flagged rows, which
--   replaces the index over all of them (nothing else reads the ledger by list).

-- == Tables ==

alter table private.waiting_list_queue_log add column behind_all boolean not null default false;
comment on column private.waiting_list_queue_log.behind_all is
  'An arrival behind everybody in the queue at that moment: it moved nobody''s place.';
create index waiting_list_queue_log_moves_idx on private.waiting_list_queue_log (location_key, id)
  include (key_joined_at, entry_id, delta, cause, created_at)
  where not behind_all;
drop index private.waiting_list_queue_log_list_idx;

-- == Functions ==

-- A queue key as one number in queue order: joined_at in microseconds, then the entry id.
create or replace function private.queue_rank(p_joined_at timestamptz, p_entry_id bigint)
returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select floor(extract(epoch from p_joined_at) * 1000000) * 10000000000000000000 + p_entry_id
$$;

-- After an INSERT or UPDATE of entries: the queue ledger rows, as before, each arrival flagged
-- behind_all when it is (see above), and the join events of new entries. The two statements
-- differ in where the changes come from (new rows; new rows against old ones); the ledger write
-- is shared, run with EXECUTE (the transition tables are visible to it).
create or replace function private.record_queue_change_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
-- The planner takes a transition table for 1,000,000 rows whatever it holds; its costs then
-- cross JIT's threshold and compiling the plan takes longer (a second) than running it.
set jit = off
as $$
declare
  v_other text := coalesce(nullif(current_setting('roots.queue_change', true), ''),
    case when nullif(current_setting('request.jwt.claims', true), '') is null then 'maintenance' else 'changed' end);
  v_changes text;
  v_arrivals boolean;
begin
  if tg_op = 'INSERT' then
    insert into public.waiting_list_events (entry_id, location_key, kind, to_location, queue_date_after, actor_id)
    select n.id, n.location_key, case when n.joined_at < now() then 'imported' else 'joined' end,
      n.location, n.joined_at, auth.uid()
    from (select x.*, row_number() over () as i from new_rows x) n
    order by n.i;
    v_changes := $q$
      select n.i, 1 as step, n.location_key, n.id as entry_id, n.joined_at as key_joined_at, 1 as delta,
        case when n.joined_at < now() then 'imported' else 'joined' end as cause
      from (select x.*, row_number() over () as i from new_rows x) n
      where n.status = 'waiting'
    $q$;
    v_arrivals := exists (select 1 from new_rows n where n.status = 'waiting');
  else
    v_changes := $q$
      select n.i, c.step, c.location_key, c.entry_id, c.key_joined_at, c.delta, c.cause
      from (select x.*, row_number() over () as i from new_rows x) n
      join old_rows o on o.id = n.id
      cross join lateral (
        select o.location_key, o.id as entry_id, o.joined_at as key_joined_at, -1 as delta,
          case when n.status = 'waiting' then $1 else n.status end as cause, 1 as step
        where o.status = 'waiting'
        union all
        select n.location_key, n.id, n.joined_at, 1,
          case when o.status <> 'waiting' then 'reinstated' else $1 end, 2
        where n.status = 'waiting'
      ) c
      where not (o.status = 'waiting' and n.status = 'waiting'
        and o.location_key = n.location_key and o.joined_at = n.joined_at)
    $q$;
    v_arrivals := exists (
      select 1 from new_rows n join old_rows o on o.id = n.id
      where n.status = 'waiting' and not (o.status = 'waiting'
        and o.location_key = n.location_key and o.joined_at = n.joined_at)
    );
  end if;
  if not v_arrivals then
    -- Nobody arrives (an offer round, the expiry, a change of notes): as before.
    execute format($q$
      insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause)
      select c.location_key, c.entry_id, c.key_joined_at, c.delta, c.cause from (%s) c order by c.i, c.step
    $q$, v_changes) using v_other;
    return null;
  end if;
  -- The queues this statement adds somebody to, locked in name order.
  execute format($q$
    select count(pg_advisory_xact_lock(hashtextextended('roots.queue:' || k.location_key, 0)))
    from (select distinct c.location_key from (%s) c where c.delta = 1 order by 1) k
  $q$, v_changes) using v_other;
  execute format($q$
    with changes as (%s),
    keyed as (select c.*, private.queue_rank(c.key_joined_at, c.entry_id) as r from changes c),
    -- Per row: the last key among the statement's arrivals before it in the queue (the running
    -- maximum up to the row before; a frame ending before the current row would be worked out
    -- again for every row), and the last key the statement takes off the queue.
    ranked as (
      select x.*, lag(x.upto) over (partition by x.location_key order by x.i, x.step) as earlier_arrival
      from (
        select k.*,
          max(k.r) filter (where k.delta = 1) over (partition by k.location_key order by k.i, k.step) as upto,
          max(k.r) filter (where k.delta = -1) over (partition by k.location_key) as leaving
        from keyed k
      ) x
    ),
    arrivals as (select k.location_key, k.r from keyed k where k.delta = 1),
    queues as (select a.location_key, count(*) as n from arrivals a group by a.location_key),
    -- The last of the people waiting who are not arriving now: of the queue's last n + 1 waiting
    -- (n its arrivals here), the last once the arrivals are taken out (EXCEPT: a set operation,
    -- so no plan loops over the arrivals, whose number the planner cannot know).
    last_waiting as (
      select q.location_key, private.queue_rank(t.joined_at, t.id) as r
      from queues q
      cross join lateral (
        select w.joined_at, w.id from public.waiting_list_entries w
        where w.location_key = q.location_key and w.status = 'waiting'
        order by w.joined_at desc, w.id desc
        limit q.n + 1
      ) t
    ),
    tails as (
      select x.location_key, max(x.r) as r
      from (select l.location_key, l.r from last_waiting l except all select a.location_key, a.r from arrivals a) x
      group by x.location_key
    )
    insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause, behind_all)
    select c.location_key, c.entry_id, c.key_joined_at, c.delta, c.cause,
      c.delta = 1 and c.r > coalesce(t.r, -1) and c.r > coalesce(c.leaving, -1)
        and c.r > coalesce(c.earlier_arrival, -1)
    from ranked c
    left join tails t on t.location_key = c.location_key
    order by c.i, c.step
  $q$, v_changes) using v_other;
  return null;
end;
$$;
revoke execute on function private.record_queue_change_rows() from public, anon, authenticated;
revoke execute on function private.queue_rank(timestamptz, bigint) from public, anon, authenticated;

create or replace function public.get_waiting_list_history(p_reference text)
returns table (
  happened_at timestamptz,
  kind text,
  reason text,
  position_before bigint,
  position_after bigint,
  location text,
  queue_date timestamptz,
  places_up integer,
  places_down integer,
  causes jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.waiting_list_entries;
begin
  if p_reference is null or p_reference !~ '^[0-9a-f-]{8,64}$' then
    return;
  end if;
  select * into e from public.waiting_list_entries w where w.reference = lower(p_reference);
  if not found then
    return;
  end if;
  return query
  with own as (
    select v.created_at as at, v.kind, v.reason, v.position_before, v.position_after,
      coalesce(v.to_location, e.location) as location,
      case when v.kind in ('joined', 'imported', 'moved', 'merged', 'asked_to_confirm') then v.queue_date_after end as queue_date,
      v.id as ord
    from public.waiting_list_events v where v.entry_id = e.id
  ),
  statuses as (
    select h.changed_at as at, case when h.to_status = 'waiting' then 'reinstated' else h.to_status end as kind,
      h.id as ord
    from public.waiting_list_status_history h
    where h.entry_id = e.id and h.from_status is not null and h.from_status is distinct from h.to_status
  ),
  mine as (
    select q.id, q.location_key, q.key_joined_at, q.delta, lead(q.id) over (order by q.id) as next_id
    from private.waiting_list_queue_log q where q.entry_id = e.id
  ),
  spans as (
    select m.id as from_id, coalesce(m.next_id, 9223372036854775807) as to_id, m.location_key, m.key_joined_at
    from mine m where m.delta = 1
  ),
  effects as (
    select date_trunc('month', x.created_at) as month, x.cause, sum(-x.delta)::integer as gain, max(x.created_at) as last_at
    from spans s
    join private.waiting_list_queue_log x
      on x.location_key = s.location_key and x.id > s.from_id and x.id < s.to_id
      and not x.behind_all and x.entry_id <> e.id and (x.key_joined_at, x.entry_id) < (s.key_joined_at, e.id)
    group by 1, 2
    having sum(-x.delta) <> 0
  ),
  months as (
    select f.month, max(f.last_at) as last_at,
      coalesce(sum(f.gain) filter (where f.gain > 0), 0)::integer as up,
      coalesce(-sum(f.gain) filter (where f.gain < 0), 0)::integer as down,
      jsonb_object_agg(f.cause, f.gain) as causes
    from effects f group by f.month
  )
  select o.at, o.kind, o.reason, o.position_before, o.position_after, o.location, o.queue_date,
    null::integer, null::integer, null::jsonb
  from own o
  union all
  select s.at, s.kind, null, null, null, e.location, null, null, null, null from statuses s
  union all
  select m.last_at, 'position', null, null, null, e.location, null, m.up, m.down, m.causes from months m
  order by 1, 2;
end;
$$;
