-- Retire public.request_membership_cancellation.
--
-- It set a member's own membership to 'cancellation_requested' straight away, with no notice
-- period, no end date and no provider call. Members now cancel through the payments function's
-- /membership-change (20250108000500_membership_self_service.sql), which applies the
-- subscription agreement (one full billing month's notice, the deposit rule) and records the
-- change with the provider. Leaving the old RPC executable let anyone calling the API by hand
-- skip those rules, so it goes.
drop function if exists public.request_membership_cancellation(bigint, text);
