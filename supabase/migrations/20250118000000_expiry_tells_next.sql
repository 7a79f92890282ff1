-- An offer past its deadline expires and passes to the next applicant (run_offer_expiry, pg_cron
-- every minute). The next applicant's e-mail waited for the outbox job (drain-notification-
-- outboxes, the same minute's tick): pg_cron starts both jobs together, so the drain usually ran
-- before the expiry had made the new offer, and the e-mail went a minute later. The expiry now
-- asks for the drain itself when it expired anything: the request (pg_net) goes out as its
-- transaction commits, with the new offers in. post_to_function queues one request however many
-- ticks ask, and the offers' outbox claims each e-mail once, so the drain job's own run changes
-- nothing. A failed request never undoes the expiry.
create or replace function private.run_offer_expiry()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer;
begin
  perform private.act_as_scheduler();
  v_expired := public.expire_plot_offers(null);
  if v_expired > 0 then
    -- The expiry stands whatever happens to the request: a failure here leaves the e-mails to
    -- the outbox job's next tick, as before.
    begin
      perform private.drain_notification_outboxes();
    exception when others then
      raise warning 'Asking for the e-mails after the expiry failed (%): the outbox job sends them', sqlerrm;
    end;
  end if;
  return v_expired;
end;
$$;

revoke all on function private.run_offer_expiry() from public;
