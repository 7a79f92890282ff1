-- Demo commerce data for the admin screens: shop orders over the last weeks (paid,
-- one failed at the provider, one refunded, one part-paid by a gift voucher) with their
-- payments, a demo gift voucher with a balance, and a product with an inline PNG image.
-- Runs after seed.sql on a fresh database.

insert into public.products (category_id, name, slug, description, price_pence, stock, image_url)
select c.id, 'Plot marker labels', 'plot-marker-labels', 'Twenty reusable slate labels and a chalk pen.', 799, 150,
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
from public.product_categories c where c.slug = 'tools';

-- Paid shop orders, one every other day for three weeks.
insert into public.orders (email, kind, status, total_pence, subtotal_pence, checkout_session_id, created_at)
select format('buyer%s@example.com', d), 'shop', 'paid', p.price_pence * (1 + d % 2), p.price_pence * (1 + d % 2),
  format('cs_local_seed_shop_%s', d), now() - make_interval(days => d, hours => 2)
from generate_series(1, 21, 2) d
join public.products p on p.slug = case when d % 3 = 0 then 'starter-bundle' else 'salad-seed-collection' end;
insert into public.order_items (order_id, product_id, description, quantity, unit_price_pence)
select o.id, p.id, p.name, o.total_pence / p.price_pence, p.price_pence
from public.orders o
join public.products p on p.slug = case when split_part(o.checkout_session_id, '_', 5)::int % 3 = 0 then 'starter-bundle' else 'salad-seed-collection' end
where o.checkout_session_id like 'cs_local_seed_shop_%';
insert into public.payments (order_id, provider, provider_ref, amount_pence, status, event_id, created_at)
select o.id, 'local', 'pi_local_seed_' || o.id, o.total_pence, 'succeeded', 'evt_local_seed_shop_' || o.id, o.created_at
from public.orders o where o.checkout_session_id like 'cs_local_seed_shop_%';

-- A refunded order and a checkout that failed at the provider.
update public.orders set status = 'refunded', refunded_at = created_at + interval '1 day', refund_requested_at = created_at + interval '1 day',
  refund_reason = 'Arrived damaged'
where checkout_session_id = 'cs_local_seed_shop_5';
update public.payments set status = 'refunded', refund_ref = 're_local_seed_5', refunded_at = now() - interval '15 days'
where order_id = (select id from public.orders where checkout_session_id = 'cs_local_seed_shop_5');
insert into public.orders (email, kind, status, total_pence, subtotal_pence, checkout_session_id, created_at)
values ('declined@example.com', 'shop', 'failed', 2400, 2400, 'cs_local_seed_failed_1', now() - interval '3 days');
insert into public.order_items (order_id, product_id, description, quantity, unit_price_pence)
select o.id, p.id, p.name, 1, p.price_pence from public.orders o, public.products p
where o.checkout_session_id = 'cs_local_seed_failed_1' and p.slug = 'hand-fork-and-trowel';

-- A demo voucher part-spent on an order.
insert into public.gift_vouchers (code, value_pence, buyer_email, recipient_name, recipient_email, status, expires_at)
values ('DEMO-GIFT-2026', 4000, 'member@example.com', 'Sam Sower', 'sam@example.com', 'active', now() + interval '1 year');
insert into public.orders (email, kind, status, total_pence, subtotal_pence, discount_pence, redeemed_voucher_id, checkout_session_id, created_at)
select 'sam@example.com', 'shop', 'paid', 999, 2999, 2000, g.id, 'cs_local_seed_voucher_1', now() - interval '1 day'
from public.gift_vouchers g where g.code = 'DEMO-GIFT-2026';
update public.gift_vouchers set balance_pence = 2000 where code = 'DEMO-GIFT-2026';
insert into public.order_items (order_id, product_id, description, quantity, unit_price_pence)
select o.id, p.id, p.name, 1, p.price_pence from public.orders o, public.products p
where o.checkout_session_id = 'cs_local_seed_voucher_1' and p.slug = 'starter-bundle';
insert into public.payments (order_id, provider, provider_ref, amount_pence, status, event_id, created_at)
select o.id, 'local', 'pi_local_seed_voucher_1', 999, 'succeeded', 'evt_local_seed_voucher_1', o.created_at
from public.orders o where o.checkout_session_id = 'cs_local_seed_voucher_1';

-- The demo vouchers' recipients were e-mailed when they were bought (the delivery outbox of
-- 20250101000300_commerce.sql), so the scheduler does not send them again.
insert into private.gift_voucher_deliveries (voucher_id, claimed_at, sent_at)
select g.id, g.created_at, g.created_at from public.gift_vouchers g where g.recipient_email is not null
on conflict do nothing;
