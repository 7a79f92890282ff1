-- Importing an existing waiting list: staff of a site send the rows of a spreadsheet,
-- already mapped to our columns by the browser, to public.import_waiting_list.
-- - A dry run validates every row with the entries table's own rules (names, e-mail, UK postcode,
--   private.valid_phone, notes, plot size, the site's categories) plus the import's (a join date,
--   dd/mm/yyyy or ISO, never in the future), finds duplicates against the site's live entries
--   (same normalised e-mail) and within the file, and writes nothing.
-- - The import sends the same rows in batches (at most 500 rows a call; the page sends 200) under
--   one import id the browser makes per file: a row already recorded for that id is answered from
--   the record and never inserted twice, so a retried batch is harmless. Valid rows keep their
--   original join date, so their place in the queue is the one they had.
-- - Each import is a row of public.waiting_list_imports (who, when, file, counts; staff of that site
--   read it, only this RPC writes it; the audit log records its start and its end); each row's
--   outcome lives in private.waiting_list_import_rows.
-- - A welcome e-mail with the private reference is owed, on request, to every imported applicant:
--   kind 'import_welcome' of the notification outbox, drained by the waiting-list-import function
--   (the page asks it to right after the last batch; the scheduler's drain catches any left over).
-- Limits: 10,000 data rows per file, 500 rows per batch, 2,000 characters per cell.

-- == Tables ==

create table public.waiting_list_imports (
  id uuid primary key,
  site_id bigint not null references public.global_sites (id) on delete cascade,
  file_name text not null check (length(trim(file_name)) between 1 and 255),
  total_rows integer not null check (total_rows between 1 and 10000),
  send_welcome boolean not null default false,
  imported_count integer not null default 0 check (imported_count >= 0),
  duplicate_count integer not null default 0 check (duplicate_count >= 0),
  error_count integer not null default 0 check (error_count >= 0),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
comment on table public.waiting_list_imports is
  'One import of a waiting list from a spreadsheet: who, when, which file, how many rows went in. Written by import_waiting_list only.';
create index waiting_list_imports_site_id_idx on public.waiting_list_imports (site_id, created_at desc);
create index waiting_list_imports_created_by_idx on public.waiting_list_imports (created_by);
alter table public.waiting_list_imports enable row level security;

-- Each row of an import, once: what became of it. The primary key is the retry guard.
create table private.waiting_list_import_rows (
  import_id uuid not null references public.waiting_list_imports (id) on delete cascade,
  row_number integer not null check (row_number between 1 and 1000000),
  outcome text not null check (outcome in ('imported', 'duplicate', 'error')),
  entry_id bigint references public.waiting_list_entries (id) on delete set null,
  messages text[] not null default '{}',
  welcome boolean not null default false,
  primary key (import_id, row_number)
);
comment on table private.waiting_list_import_rows is
  'What became of each row of an import (so a retried batch is answered, not re-inserted); welcome = a welcome e-mail is owed.';
create index waiting_list_import_rows_welcome_idx on private.waiting_list_import_rows (entry_id) where welcome;
alter table private.waiting_list_import_rows enable row level security;

insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('import_welcome', 'entry', 'waiting-list-import', '{"action": "notify"}',
   $q$select 1 from private.waiting_list_import_rows r
      join public.waiting_list_entries e on e.id = r.entry_id and e.status in ('waiting', 'offered')
      where r.welcome
        and not exists (select 1 from private.notification_outbox n where n.kind = 'import_welcome' and n.entry_id = r.entry_id)$q$,
   'A welcome e-mail with the private reference to an applicant imported from a spreadsheet, when staff asked for it.');

-- == Functions ==

-- A join date as a spreadsheet gives it: dd/mm/yyyy (d/m/yyyy too), yyyy-mm-dd, or an ISO
-- timestamp. A bare date is midnight in the UK. Null when it is not one of those or not a date.
create or replace function private.import_joined_at(p_value text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  v text := trim(p_value);
  v_parts text[];
begin
  if v ~ '^\d{1,2}/\d{1,2}/\d{4}$' then
    v_parts := string_to_array(v, '/');
    return make_date(v_parts[3]::int, v_parts[2]::int, v_parts[1]::int)::timestamp at time zone 'Europe/London';
  elsif v ~ '^\d{4}-\d{2}-\d{2}$' then
    return v::date::timestamp at time zone 'Europe/London';
  elsif v ~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$' then
    return v::timestamptz;
  end if;
  return null;
exception when others then
  return null;
end;
$$;

-- One row of a file, checked with the entries table's rules. Returns
-- { problems: [text], email_key, values: { the columns to insert } }; no problems = valid.
create or replace function private.import_check_row(p_site_id bigint, p_row jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_problems text[] := '{}';
  v_first text := nullif(trim(p_row ->> 'first_name'), '');
  v_last text := nullif(trim(p_row ->> 'last_name'), '');
  v_email text := nullif(trim(p_row ->> 'email'), '');
  v_phone text := nullif(trim(p_row ->> 'phone'), '');
  v_postcode text := upper(nullif(trim(p_row ->> 'postcode'), ''));
  v_joined_text text := nullif(trim(p_row ->> 'joined'), '');
  v_size text := lower(nullif(trim(p_row ->> 'plot_size'), ''));
  v_notes text := nullif(trim(p_row ->> 'notes'), '');
  v_category text := nullif(trim(p_row ->> 'category'), '');
  v_joined timestamptz;
  v_category_id bigint;
  k text;
begin
  if jsonb_typeof(p_row) is distinct from 'object' then
    return jsonb_build_object('problems', jsonb_build_array('This row is not a set of columns.'), 'email_key', null, 'values', null);
  end if;
  for k in select jsonb_object_keys(p_row) loop
    if jsonb_typeof(p_row -> k) not in ('string', 'null', 'number') then
      v_problems := v_problems || format('%s is not text.', k);
    elsif length(p_row ->> k) > 2000 then
      v_problems := v_problems || format('%s is longer than 2,000 characters.', k);
    end if;
  end loop;
  if cardinality(v_problems) > 0 then
    return jsonb_build_object('problems', to_jsonb(v_problems), 'email_key', null, 'values', null);
  end if;

  if v_first is null then
    v_problems := v_problems || 'First name is missing.'::text;
  elsif length(v_first) > 100 then
    v_problems := v_problems || 'First name is longer than 100 characters.'::text;
  end if;
  if v_last is null then
    v_problems := v_problems || 'Last name is missing.'::text;
  elsif length(v_last) > 100 then
    v_problems := v_problems || 'Last name is longer than 100 characters.'::text;
  end if;
  if v_email is null then
    v_problems := v_problems || 'E-mail is missing.'::text;
  elsif not (v_email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(v_email) <= 254) then
    v_problems := v_problems || format('E-mail "%s" is not a valid address.', left(v_email, 80));
  end if;
  if v_phone is not null and not private.valid_phone(v_phone) then
    v_problems := v_problems || format('Phone "%s" is not a valid phone number.', left(v_phone, 40));
  end if;
  if v_postcode is not null and v_postcode !~* '^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$' then
    v_problems := v_problems || format('Postcode "%s" is not a valid UK postcode.', left(v_postcode, 20));
  end if;
  if v_joined_text is null then
    v_joined := now();
  else
    v_joined := private.import_joined_at(v_joined_text);
    if v_joined is null then
      v_problems := v_problems || format('Joined date "%s" is not a date (use dd/mm/yyyy or yyyy-mm-dd).', left(v_joined_text, 40));
    elsif v_joined > now() then
      v_problems := v_problems || format('Joined date "%s" is in the future.', left(v_joined_text, 40));
    elsif v_joined < timestamptz '1950-01-01' then
      v_problems := v_problems || format('Joined date "%s" is before 1950.', left(v_joined_text, 40));
    end if;
  end if;
  if v_size is not null then
    v_size := case
      when v_size in ('half', 'half plot', 'half-plot', '1/2') then 'half'
      when v_size in ('full', 'full plot', 'full-plot', 'whole', 'whole plot') then 'full'
      when v_size in ('any', 'either', 'no preference', 'none') then 'any'
    end;
    if v_size is null then
      v_problems := v_problems || format('Plot size "%s" is not half, full or any.', left(p_row ->> 'plot_size', 40));
    end if;
  end if;
  if v_notes is not null and length(v_notes) > 2000 then
    v_problems := v_problems || 'Notes are longer than 2,000 characters.'::text;
  end if;
  if v_category is not null then
    select c.id into v_category_id from public.waiting_list_categories c
    where (c.site_id is null or c.site_id = p_site_id) and lower(c.name) = lower(v_category)
    order by c.site_id nulls last limit 1;
    if v_category_id is null then
      v_problems := v_problems || format('Category "%s" is not one of this site''s categories.', left(v_category, 100));
    end if;
  end if;

  return jsonb_build_object(
    'problems', to_jsonb(v_problems),
    'email_key', lower(v_email),
    'values', jsonb_build_object(
      'first_name', v_first, 'last_name', v_last, 'email', v_email, 'phone', v_phone,
      'postcode', v_postcode, 'joined_at', v_joined, 'plot_size_preference', v_size,
      'notes', v_notes, 'category_id', v_category_id
    )
  );
end;
$$;

-- The import: see the banner. p_rows is a JSON array of
--   { row: <the row's number in the file>, first_name, last_name, email, phone?, postcode?,
--     joined?, plot_size?, notes?, category? }   (every value text, as the file had it)
-- Dry run (p_dry_run true, the default): at most 10,000 rows, nothing written, answers
--   { dry_run: true, rows: [{ row, status: ok|error|duplicate, messages }], counts: {...} }.
-- Import (p_dry_run false): p_import_id (made once per file by the caller), p_file_name and
--   p_total_rows (the file's data rows) are required; at most 500 rows a call. Answers the same
--   with status imported|error|duplicate per row, plus `import`: the running totals.
-- Errors: not staff of that site 42501; unknown site PT404; a site not taking applicants, bad
-- arguments or too many rows 22023.
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
  v_site public.global_sites;
  v_import public.waiting_list_imports;
  v_count integer;
  v_results jsonb := '[]';
  v_row jsonb;
  v_row_number integer;
  v_check jsonb;
  v_values jsonb;
  v_messages text[];
  v_outcome text;
  v_entry_id bigint;
  v_done private.waiting_list_import_rows;
  v_first_row integer;
  v_seen jsonb := '{}';
  v_new_imported integer := 0;
  v_new_duplicates integer := 0;
  v_new_errors integer := 0;
  v_live record;
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
  if coalesce(p_dry_run, true) and v_count > 10000 then
    raise exception 'The file has % rows: import at most 10,000 rows per file (split it into smaller files).', v_count
      using errcode = '22023';
  end if;

  if not coalesce(p_dry_run, true) then
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

  for v_row in select value from jsonb_array_elements(p_rows) loop
    v_row_number := case when jsonb_typeof(v_row -> 'row') = 'number' then (v_row ->> 'row')::numeric::integer end;
    if v_row_number is null or v_row_number not between 1 and 1000000 then
      raise exception 'Every row needs its row number (1 to 1,000,000).' using errcode = '22023';
    end if;

    -- A row this import already recorded (a retried batch): answered from the record.
    if not coalesce(p_dry_run, true) then
      select * into v_done from private.waiting_list_import_rows r
      where r.import_id = p_import_id and r.row_number = v_row_number;
      if found then
        v_results := v_results || jsonb_build_object('row', v_row_number, 'status', v_done.outcome,
          'messages', to_jsonb(v_done.messages), 'repeated', true);
        continue;
      end if;
    end if;

    v_check := private.import_check_row(p_site_id, v_row);
    v_messages := array(select jsonb_array_elements_text(v_check -> 'problems'));
    v_values := v_check -> 'values';
    v_entry_id := null;

    if cardinality(v_messages) > 0 then
      v_outcome := 'error';
    else
      v_outcome := 'ok';
      select e.joined_at, r.row_number as file_row into v_live
      from public.waiting_list_entries e
      left join private.waiting_list_import_rows r on r.entry_id = e.id and r.import_id = p_import_id
      where e.location_key = lower(trim(v_site.location)) and e.email_normalised = v_check ->> 'email_key'
        and e.status in ('waiting', 'offered')
      limit 1;
      v_first_row := (v_seen ->> (v_check ->> 'email_key'))::integer;
      if v_live.file_row is not null then
        v_outcome := 'duplicate';
        v_messages := array[format('Same e-mail as row %s of this file.', v_live.file_row)];
      elsif v_live.joined_at is not null then
        v_outcome := 'duplicate';
        v_messages := array[format('Already on this waiting list (joined %s).',
          to_char(v_live.joined_at at time zone 'Europe/London', 'DD/MM/YYYY'))];
      elsif v_first_row is not null then
        v_outcome := 'duplicate';
        v_messages := array[format('Same e-mail as row %s of this file.', v_first_row)];
      end if;
    end if;

    if v_outcome = 'ok' then
      v_seen := v_seen || jsonb_build_object(v_check ->> 'email_key', v_row_number);
      if not coalesce(p_dry_run, true) then
        begin
          insert into public.waiting_list_entries (site_id, location, category_id, first_name, last_name, email,
            phone, postcode, plot_size_preference, notes, consent_privacy, consented_at, joined_at)
          values (p_site_id, v_site.location, (v_values ->> 'category_id')::bigint, v_values ->> 'first_name',
            v_values ->> 'last_name', v_values ->> 'email', v_values ->> 'phone', v_values ->> 'postcode',
            v_values ->> 'plot_size_preference', v_values ->> 'notes', true,
            (v_values ->> 'joined_at')::timestamptz, (v_values ->> 'joined_at')::timestamptz)
          on conflict (location_key, email_normalised) where status in ('waiting', 'offered') do nothing
          returning id into v_entry_id;
          if v_entry_id is null then
            -- Joined through the public form between the check and now.
            v_outcome := 'duplicate';
            v_messages := array['Already on this waiting list.'];
          else
            v_outcome := 'imported';
          end if;
        exception when check_violation or not_null_violation or foreign_key_violation or invalid_text_representation then
          v_outcome := 'error';
          v_messages := array['This row breaks a rule of the waiting list: ' || sqlerrm];
        end;
      end if;
    end if;

    if not coalesce(p_dry_run, true) then
      insert into private.waiting_list_import_rows (import_id, row_number, outcome, entry_id, messages, welcome)
      values (p_import_id, v_row_number, v_outcome, v_entry_id, v_messages,
        v_outcome = 'imported' and v_import.send_welcome);
      case v_outcome
        when 'imported' then v_new_imported := v_new_imported + 1;
        when 'duplicate' then v_new_duplicates := v_new_duplicates + 1;
        else v_new_errors := v_new_errors + 1;
      end case;
    end if;
    v_results := v_results || jsonb_build_object('row', v_row_number, 'status', v_outcome, 'messages', to_jsonb(v_messages));
  end loop;

  if coalesce(p_dry_run, true) then
    return jsonb_build_object(
      'dry_run', true,
      'rows', v_results,
      'counts', jsonb_build_object(
        'ok', (select count(*) from jsonb_array_elements(v_results) x where x ->> 'status' = 'ok'),
        'duplicates', (select count(*) from jsonb_array_elements(v_results) x where x ->> 'status' = 'duplicate'),
        'errors', (select count(*) from jsonb_array_elements(v_results) x where x ->> 'status' = 'error')
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
    'rows', v_results,
    'import', jsonb_build_object(
      'id', v_import.id, 'total_rows', v_import.total_rows, 'imported', v_import.imported_count,
      'duplicates', v_import.duplicate_count, 'errors', v_import.error_count,
      'send_welcome', v_import.send_welcome, 'finished_at', v_import.finished_at
    )
  );
end;
$$;
comment on function public.import_waiting_list(bigint, jsonb, boolean, boolean, uuid, text, integer) is
  'Checks (dry run) or imports rows of a spreadsheet into a site''s waiting list, keeping each row''s join date; idempotent per import id and row.';

-- The sites the caller may import into: open or active sites they work (every one for admins).
create or replace function public.import_site_options()
returns table (id bigint, location text, city text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.location, s.city from public.global_sites s
  where private.is_staff() and coalesce(s.status, 'upcoming') <> 'upcoming' and private.can_work_site(s.id)
  order by s.location, s.id
$$;

-- Claims the welcome e-mails owed for one import (staff of its site) or for every import (the
-- service role: the scheduled drain), and returns who to tell. Two notifiers at once never claim
-- one applicant twice; only live entries are told.
create or replace function public.claim_import_welcomes(p_import_id uuid default null)
returns table (entry_id bigint, reference text, email text, first_name text, location text, site_id bigint, joined_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_site_id bigint;
begin
  if p_import_id is null then
    if not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
      raise exception 'Not allowed to send the welcome e-mails of every import' using errcode = '42501';
    end if;
  else
    select i.site_id into v_site_id from public.waiting_list_imports i where i.id = p_import_id;
    if not found then
      raise exception 'No import has that id.' using errcode = 'PT404';
    end if;
    if not private.can_work_site(v_site_id) then
      raise exception 'Not allowed to send this import''s welcome e-mails' using errcode = '42501';
    end if;
  end if;
  return query
  with claimed as (
    insert into private.notification_outbox (kind, entry_id)
    select 'import_welcome', r.entry_id
    from private.waiting_list_import_rows r
    join public.waiting_list_entries e on e.id = r.entry_id and e.status in ('waiting', 'offered')
    where r.welcome and (p_import_id is null or r.import_id = p_import_id)
    on conflict do nothing
    returning notification_outbox.entry_id
  )
  select e.id, e.reference, e.email, e.first_name, e.location, e.site_id, e.joined_at
  from claimed c
  join public.waiting_list_entries e on e.id = c.entry_id
  order by e.id;
end;
$$;

-- == Triggers ==

-- The audit log records an import's start and its end (not every batch's running totals).
create trigger waiting_list_imports_audit_insert after insert on public.waiting_list_imports
  for each row execute function private.audit_write();
create trigger waiting_list_imports_audit_finish after update on public.waiting_list_imports
  for each row when (old.finished_at is distinct from new.finished_at) execute function private.audit_write();

-- == Policies ==

create policy "Staff can read the imports of their sites" on public.waiting_list_imports
  for select to authenticated
  using ((select private.is_admin()) or site_id = any ((select private.managed_site_ids())::bigint[]));

-- == Grants ==

revoke all on public.waiting_list_imports from anon, authenticated;
grant select on public.waiting_list_imports to authenticated;
grant select, insert, update, delete on public.waiting_list_imports to service_role;
revoke all on private.waiting_list_import_rows from anon, authenticated;
revoke all on function private.import_joined_at(text), private.import_check_row(bigint, jsonb) from public, anon, authenticated;
revoke all on function public.import_waiting_list(bigint, jsonb, boolean, boolean, uuid, text, integer),
  public.claim_import_welcomes(uuid), public.import_site_options() from public, anon, authenticated;
grant execute on function public.import_site_options() to authenticated;
grant execute on function public.import_waiting_list(bigint, jsonb, boolean, boolean, uuid, text, integer)
  to authenticated, service_role;
grant execute on function public.claim_import_welcomes(uuid) to authenticated, service_role;
