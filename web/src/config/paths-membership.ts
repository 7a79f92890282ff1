// Paying and belonging: member sign-in and the member pages, membership and its checkouts,
// deposits and gift vouchers.
import { definePath } from './define-path'

export const membershipPaths = {
  login: definePath('/login'),
  members: definePath('/members'),
  membersCancellation: definePath('/members/cancellation'),
  memberReceipt: definePath('/members/receipts/:id'),
  coWorkerInvitation: definePath('/members/co-worker'),
  becomeMember: definePath('/become-member'),
  schemes: definePath('/schemes'),
  subscriptionAgreement: definePath('/subscription-agreement'),
  checkout: definePath('/checkout'),
  checkoutNew: definePath('/checkout/new'),
  checkoutSuccess: definePath('/checkout/success'),
  depositCheckout: definePath('/deposit-checkout'),
  giftVouchers: definePath('/gift-vouchers'),
  giftVouchersSuccess: definePath('/gift-vouchers/success'),
} as const
