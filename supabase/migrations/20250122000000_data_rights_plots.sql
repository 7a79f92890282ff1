-- Data rights reach the plots: a person's download holds their tenancies, the inspections of their
-- plot (with warnings and their replies) and their co-workers, and the plots they help on as a
-- co-worker; erasure takes their name and address off a co-worker invitation, ends that access,
-- deletes their replies and unlinks their tenancies from the account (the tenancy, the plot's
-- history and its inspections stay: they are the plot's record, and the member row they point to
-- is already anonymised).

-- What is held about a person on the plots side: `p_memberships` are the memberships they hold.
create or replace function private.person_plot_data(p_email text, p_uid uuid, p_memberships bigint[])
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'plot_tenancies', coalesce((select jsonb_agg(to_jsonb(t) || jsonb_build_object('plot_number', p.number) order by t.id)
      from public.plot_tenancies t join public.plots p on p.id = t.plot_id
      where (p_uid is not null and t.user_id = p_uid) or t.membership_id = any (p_memberships)), '[]'),
    'plot_inspections', coalesce((select jsonb_agg(to_jsonb(i) - 'inspected_by' || jsonb_build_object('plot_number', p.number)
        order by i.inspected_at, i.id)
      from public.plot_inspections i join public.plots p on p.id = i.plot_id
      where i.membership_id = any (p_memberships)), '[]'),
    'inspection_warnings', coalesce((select jsonb_agg(to_jsonb(w) - 'closed_by' order by w.id)
      from private.inspection_warnings w where w.membership_id = any (p_memberships)), '[]'),
    'plot_inspection_replies', coalesce((select jsonb_agg(to_jsonb(r) - 'author_id' order by r.id)
      from public.plot_inspection_replies r where p_uid is not null and r.author_id = p_uid), '[]'),
    'co_workers', coalesce((select jsonb_agg(to_jsonb(c) - 'token_hash' - 'invited_by' - 'ended_by' - 'user_id' order by c.id)
      from public.co_workers c where c.membership_id = any (p_memberships)), '[]'),
    'co_working', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'site_id', c.site_id, 'email', c.email,
        'name', c.name, 'status', c.status, 'invited_at', c.invited_at, 'accepted_at', c.accepted_at,
        'ended_at', c.ended_at) order by c.id)
      from public.co_workers c
      where (p_uid is not null and c.user_id = p_uid) or lower(trim(c.email)) = p_email), '[]'))
$$;

create or replace function public.export_my_data(p_reference text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  s record;
  v_ids bigint[];
begin
  select * into s from private.data_subject(p_reference);
  v_ids := array(select ms.id from public.memberships ms join public.members mb on mb.id = ms.member_id
    where s.user_id is not null and mb.user_id = s.user_id);
  return private.person_data(s.email, s.user_id) || jsonb_build_object(
    'subscriptions', coalesce((select jsonb_agg(to_jsonb(x) - 'provider_ref' - 'customer_ref' order by x.id)
      from public.subscriptions x where x.membership_id = any (v_ids)), '[]'),
    'invoices', coalesce((select jsonb_agg(to_jsonb(i) - 'provider_ref' - 'payment_ref' order by i.id)
      from public.invoices i where i.membership_id = any (v_ids)), '[]'))
    -- The plots side only to the signed-in person: a waiting-list reference proves no tenancy.
    || case when s.user_id is null then '{}'::jsonb else private.person_plot_data(s.email, s.user_id, v_ids) end;
end;
$$;

-- Erases a person's plots-side data; returns rows per table, as erase_person does. Runs before
-- erase_person, which clears the member rows' user_id this finds the memberships by.
create or replace function private.erase_person_plots(p_email text, p_uid uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_ids bigint[];
  v_summary jsonb := '{}';
begin
  -- As a co-worker: the invitation loses their name and address, and a live one ends.
  with x as (
    update public.co_workers c
    set email = private.erased_email('co_worker', c.id), name = null, user_id = null,
        status = case when c.status in ('invited', 'accepted') then 'removed' else c.status end,
        ended_at = case when c.status in ('invited', 'accepted') then now() else c.ended_at end
    where (p_uid is not null and c.user_id = p_uid) or lower(trim(c.email)) = p_email
    returning c.id
  )
  select coalesce(array_agg(x.id), '{}') into v_ids from x;
  delete from private.co_worker_notices n where n.co_worker_id = any (v_ids) and n.sent_at is null;
  v_summary := v_summary || jsonb_build_object('co_workers', cardinality(v_ids));
  perform private.scrub_audit('co_workers', v_ids::text[]);

  if p_uid is not null then
    with x as (delete from public.plot_inspection_replies r where r.author_id = p_uid returning r.id)
    select coalesce(array_agg(x.id), '{}') into v_ids from x;
    v_summary := v_summary || jsonb_build_object('plot_inspection_replies', cardinality(v_ids));
    perform private.scrub_audit('plot_inspection_replies', v_ids::text[]);
    with x as (update public.plot_tenancies t set user_id = null where t.user_id = p_uid returning t.id)
    select coalesce(array_agg(x.id), '{}') into v_ids from x;
    v_summary := v_summary || jsonb_build_object('plot_tenancies', cardinality(v_ids));
  end if;
  return v_summary;
end;
$$;

create or replace function public.complete_data_erasure(p_request_id bigint)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  r public.data_erasure_requests;
  v_summary jsonb;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only admins can complete erasure requests' using errcode = '42501';
  end if;
  select * into r from public.data_erasure_requests d where d.id = p_request_id for update;
  if not found then
    raise exception 'Erasure request not found' using errcode = 'PT404';
  end if;
  if r.status = 'completed' then
    raise exception 'This erasure request is already completed' using errcode = '22023';
  end if;
  insert into private.data_rights_notices (request_id, kind, email) values (r.id, 'completed', r.email);
  v_summary := private.erase_person_plots(r.email_normalised, r.user_id);
  v_summary := v_summary || private.erase_person(r.email_normalised, r.user_id);
  update public.data_erasure_requests d
  set status = 'completed', completed_at = now(), completed_by = auth.uid(), email = null, user_id = null,
      display_name = null, summary = v_summary
  where d.id = r.id;
  perform private.scrub_audit('data_erasure_requests', array[r.id::text]);
  return v_summary;
end;
$$;

revoke all on function private.person_plot_data(text, uuid, bigint[]) from public, anon, authenticated, service_role;
revoke all on function private.erase_person_plots(text, uuid) from public, anon, authenticated, service_role;
