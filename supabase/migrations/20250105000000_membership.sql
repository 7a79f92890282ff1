-- Membership, honestly queued (issue 17).
--
-- The rule. A plot at an open site ('open' or 'active') is taken in one of two ways only:
--   1. Through an offer. While anyone is waiting at a site (waiting, or holding an open offer),
--      its plots go to the waiting list in queue order: only an applicant whose offer there is
--      accepted may set up a membership. The offer's token (the link in the offer e-mail) binds
--      the accepted offer to the account that first uses it at checkout, and one offer makes one
--      membership.
--   2. Directly. Where nobody is waiting and the site has free plots (allotments minus its live
--      memberships; an unpaid checkout holds its plot for a day), anyone signed in may set up.
-- Otherwise the answer is to join the waiting list (or pre-register for a site not open yet),
-- and a person never holds two live memberships at one site.
--
-- Where it is enforced. Memberships are written only by the service role (no grant to anon or
-- authenticated: see 20250101000300_commerce.sql). Every membership a checkout creates (one
-- with an order) passes the trigger private.check_membership_queue, which decides from the
-- tables alone, under a lock on the site row, whichever RPC inserts it; the rule itself is
-- private.membership_access, its one owner. Staff records and imports without an order (the
-- seed's demo member) are the service role's own business.
--
-- RPCs (service role: the payments and waiting-list-process functions call them):
--   membership_access(slug, user, offer token)  what a person may do at a site, and why not
--   membership_sites()                           the same for everyone, per site (/become-member)
--   create_membership_order(…)                   claims the offer, creates the order (and through
--                                                it the membership) and the deposit, one transaction
--   plot_offer_by_token(token)                   an offer as its link shows it (/queue/ready)
-- No new table: a column on memberships, so the RLS matrix is unchanged.

-- ============================================================================
-- columns
-- ============================================================================
-- The accepted offer a membership was set up with (one offer makes one live membership).
alter table public.memberships
  add column plot_offer_id bigint references public.plot_offers (id) on delete set null;
create index memberships_plot_offer_id_idx on public.memberships (plot_offer_id);
create unique index memberships_one_per_offer on public.memberships (plot_offer_id)
  where status in ('pending', 'active', 'cancellation_requested');

-- ============================================================================
-- functions: the rule
-- ============================================================================
-- Why a person may not set up here, in words the page can show (null when they may).
create or replace function private.membership_message(p_reason text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_reason
    when 'not_open' then 'This site is not open yet: pre-register and we will tell you first when it opens.'
    when 'already_member' then 'You already have a membership at this site.'
    when 'waiting_list' then 'People are waiting for a plot at this site, and plots go to them in queue order. Join the waiting list: when a plot is yours we e-mail you an offer, and its link brings you back here to set up your membership.'
    when 'full' then 'No plot is free at this site just now. Join the waiting list: when a plot is free we e-mail you an offer, and its link brings you back here to set up your membership.'
    when 'offer_unanswered' then 'Accept your offer first: use the link in your offer e-mail.'
    when 'offer_taken' then 'This offer is already linked to another account: sign in with the account you used for it.'
    when 'offer_used' then 'This offer has been used: its membership is set up. Sign in to see it.'
    when 'offer_closed' then 'This offer is no longer open, so it cannot be used to set up a membership.'
  end
$$;

-- The rule (see the header): whether p_user_id may set up a membership at p_site_id, and why.
-- An accepted offer counts when it is at this site and claimed by the person's account, or
-- (p_offer_token) held by them and not claimed by another account.
-- → { site_id, allowed, reason: offer | open | not_open | already_member | waiting_list | full,
--     waiting, plots_free (null: the site's plot count is unknown), offer_id, message }
create or replace function private.membership_access(p_site_id bigint, p_user_id uuid, p_offer_token text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.global_sites;
  v_member bigint;
  v_waiting bigint;
  v_taken bigint;
  v_free integer;
  v_offer bigint;
  v_reason text;
begin
  select * into s from public.global_sites where id = p_site_id;
  if not found then
    raise exception 'Page not found' using errcode = 'PT404';
  end if;
  select m.id into v_member from public.members m where m.user_id = p_user_id;
  select count(*) into v_waiting from public.waiting_list_entries w
  where (w.site_id = s.id or w.location_key = lower(trim(s.location))) and w.status in ('waiting', 'offered');
  select count(*) into v_taken from public.memberships m
  where m.site_id = s.id
    and (m.status in ('active', 'cancellation_requested')
      or (m.status = 'pending' and m.created_at > now() - interval '1 day' and m.member_id is distinct from v_member));
  v_free := case when s.allotments is null then null else greatest(s.allotments - v_taken, 0)::integer end;
  if p_user_id is not null or p_offer_token is not null then
    select o.id into v_offer
    from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    where o.site_id = s.id and o.status = 'accepted'
      and ((p_user_id is not null and e.user_id = p_user_id)
        or (p_offer_token is not null and o.response_token = p_offer_token and (e.user_id is null or e.user_id = p_user_id)))
      and not exists (select 1 from public.memberships m where m.plot_offer_id = o.id and m.status not in ('pending', 'cancelled'))
    order by o.id
    limit 1;
  end if;
  v_reason := case
    when coalesce(s.status, 'upcoming') = 'upcoming' then 'not_open'
    when v_member is not null and exists (select 1 from public.memberships m where m.member_id = v_member and m.site_id = s.id
      and m.status in ('active', 'cancellation_requested')) then 'already_member'
    when v_offer is not null then 'offer'
    when v_waiting > 0 then 'waiting_list'
    when coalesce(v_free, 0) > 0 then 'open'
    else 'full'
  end;
  return jsonb_build_object('site_id', s.id, 'allowed', v_reason in ('offer', 'open'), 'reason', v_reason,
    'waiting', v_waiting, 'plots_free', v_free, 'offer_id', v_offer, 'message', private.membership_message(v_reason));
end;
$$;

-- Every membership a checkout creates passes the rule, decided under a lock on the site row so
-- two checkouts for the last free plot are decided one after the other. The person's own earlier
-- unpaid checkouts at this site give way to this one.
create or replace function private.check_membership_queue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_access jsonb;
begin
  if new.order_id is null then
    return new;
  end if;
  select o.user_id into v_user from public.orders o where o.id = new.order_id;
  perform 1 from public.global_sites s where s.id = new.site_id for update;
  update public.memberships m set status = 'cancelled'
  where m.member_id = new.member_id and m.site_id = new.site_id and m.status = 'pending';
  v_access := private.membership_access(new.site_id, v_user);
  if not (v_access ->> 'allowed')::boolean then
    raise exception '%', v_access ->> 'message' using errcode = '42501';
  end if;
  new.plot_offer_id := (v_access ->> 'offer_id')::bigint;
  return new;
end;
$$;
revoke all on function private.membership_message(text), private.membership_access(bigint, uuid, text),
  private.check_membership_queue() from public, anon, authenticated;

create trigger memberships_queue_rule before insert on public.memberships
  for each row execute function private.check_membership_queue();

-- ============================================================================
-- functions: RPCs for the functions (service role)
-- ============================================================================
-- What a person may do at a site (by slug), with what their offer link says: the setup page and
-- the checkout ask this before anything is written. A token that brought them here refines the
-- reason: not answered yet, used already, claimed by another account, or no longer open.
create or replace function public.membership_access(p_site_slug text, p_user_id uuid default null, p_offer_token text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.global_sites;
  v jsonb;
  v_offer jsonb;
  v_reason text;
begin
  select * into s from public.global_sites where slug = lower(trim(p_site_slug));
  if not found then
    raise exception 'Page not found' using errcode = 'PT404';
  end if;
  v := private.membership_access(s.id, p_user_id, p_offer_token);
  if p_offer_token is not null then
    select jsonb_build_object('status', o.status, 'respond_by', o.respond_by, 'this_site', o.site_id is not distinct from s.id,
        'first_name', e.first_name, 'email', e.email, 'linked_to_other', e.user_id is not null and e.user_id is distinct from p_user_id,
        'used', exists (select 1 from public.memberships m where m.plot_offer_id = o.id and m.status not in ('pending', 'cancelled')))
      into v_offer
    from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    where o.response_token = p_offer_token;
    v_reason := v ->> 'reason';
    if v_reason in ('waiting_list', 'full') and coalesce((v_offer ->> 'this_site')::boolean, false) then
      v_reason := case
        when v_offer ->> 'status' = 'offered' then 'offer_unanswered'
        when v_offer ->> 'status' = 'accepted' and (v_offer ->> 'used')::boolean then 'offer_used'
        when v_offer ->> 'status' = 'accepted' and (v_offer ->> 'linked_to_other')::boolean then 'offer_taken'
        when v_offer ->> 'status' in ('declined', 'expired', 'withdrawn') then 'offer_closed'
        else v_reason
      end;
      v := v || jsonb_build_object('reason', v_reason, 'message', private.membership_message(v_reason));
    end if;
    v := v || jsonb_build_object('offer', v_offer);
  end if;
  return v || jsonb_build_object('site', jsonb_build_object('slug', s.slug, 'city_slug', s.city_slug, 'location', s.location,
    'city', s.city, 'status', coalesce(s.status, 'upcoming')));
end;
$$;

-- Every site and what a new visitor may do there (/become-member): set up (open), join the list
-- (waiting_list, full) or pre-register (not_open).
create or replace function public.membership_sites()
returns table (slug text, reason text, waiting bigint, plots_free integer)
language sql
stable
security definer
set search_path = ''
as $$
  select s.slug, a ->> 'reason', (a ->> 'waiting')::bigint, (a ->> 'plots_free')::integer
  from public.global_sites s
  cross join lateral private.membership_access(s.id, null) a
  order by s.id
$$;

-- A membership checkout in one transaction: with an offer token, the accepted offer at this site
-- is claimed for the account (unless another account holds it); then the order, the member and
-- the pending membership (the queue rule decides, see check_membership_queue), and the pending
-- deposit the payment includes. Returns the order id.
create or replace function public.create_membership_order(
  p_email text, p_user_id uuid, p_idempotency_key text, p_session_id text, p_total_pence integer, p_items jsonb,
  p_site_id bigint, p_plan_id bigint, p_member jsonb, p_deposit_pence integer, p_offer_token text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order bigint;
begin
  if p_user_id is null then
    raise exception 'Sign in to become a member' using errcode = '42501';
  end if;
  if p_offer_token is not null then
    update public.waiting_list_entries e set user_id = p_user_id
    from public.plot_offers o
    where o.response_token = p_offer_token and o.entry_id = e.id and o.status = 'accepted' and o.site_id = p_site_id
      and e.user_id is null;
  end if;
  v_order := public.create_checkout_order('membership', p_email, p_user_id, p_idempotency_key, p_session_id, p_total_pence,
    p_items, p_site_id, p_plan_id, null, p_member);
  if coalesce(p_deposit_pence, 0) > 0 then
    insert into public.deposits (user_id, email, site_id, order_id, amount_pence, status)
    values (p_user_id, p_email, p_site_id, v_order, p_deposit_pence, 'pending');
  end if;
  return v_order;
end;
$$;

-- An offer as its e-mailed link shows it: where, by when, to whom, and what became of it (the
-- membership set up with it, if any). No rows for an unknown token.
create or replace function public.plot_offer_by_token(p_token text)
returns table (
  offer_id bigint, status text, respond_by timestamptz, responded_at timestamptz, first_name text, email text,
  location text, site_id bigint, city text, site_slug text, city_slug text, membership_status text
)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, o.status, o.respond_by, o.responded_at, e.first_name, e.email, e.location, o.site_id, s.city, s.slug, s.city_slug,
    (select m.status from public.memberships m where m.plot_offer_id = o.id and m.status <> 'cancelled' order by m.id desc limit 1)
  from public.plot_offers o
  join public.waiting_list_entries e on e.id = o.entry_id
  left join public.global_sites s on s.id = o.site_id
  where o.response_token = p_token
$$;

-- ============================================================================
-- grants
-- ============================================================================
revoke all on function public.membership_access(text, uuid, text), public.membership_sites(),
  public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text),
  public.plot_offer_by_token(text)
  from public, anon, authenticated;
grant execute on function public.membership_access(text, uuid, text), public.membership_sites(),
  public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text),
  public.plot_offer_by_token(text)
  to service_role;
