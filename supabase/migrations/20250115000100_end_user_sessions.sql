-- Staff sign a user out everywhere. A member who lost their phone, or whose account looks misused,
-- calls in; members can end their other sessions themselves (/members), but someone who cannot
-- reach a signed-in device could not, and staff had no way to. Supabase ends a session by deleting
-- its row in auth.sessions, the server-side way its docs give: the session's refresh tokens go with
-- it (their foreign key cascades), so no device can renew its sign-in, and Auth answers
-- session_not_found for an access token of a deleted session, which the app's pages take as signed
-- out. An access token already issued is still accepted by the REST API until it expires (at most
-- an hour), as on the platform. Admins only, never for their own account (they sign out where they
-- are), and written to the audit log: who, whose account, how many sessions.

-- == Functions ==

-- Ends every session of p_user_id. Returns how many there were (0: signed in nowhere).
create or replace function public.end_user_sessions(p_user_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_ended integer;
begin
  if not private.is_admin() then
    raise exception 'Only admins may sign a user out' using errcode = '42501';
  end if;
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'There is no such user.' using errcode = 'PT404';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'This is your own account: sign out on the devices you use instead.' using errcode = '22023';
  end if;
  delete from auth.sessions s where s.user_id = p_user_id;
  get diagnostics v_ended = row_count;
  insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
  select a.actor_id, a.actor_role, a.actor_email, a.actor_name, a.via, 'sessions', p_user_id::text, 'delete',
    jsonb_build_object('user_id', p_user_id, 'sessions', v_ended), null,
    jsonb_build_object('sessions', jsonb_build_object('before', v_ended, 'after', 0))
  from private.audit_actor() a;
  return v_ended;
end;
$$;

-- == Grants ==

revoke all on function public.end_user_sessions(uuid) from public, anon;
grant execute on function public.end_user_sessions(uuid) to authenticated, service_role;
