// Explicit gateway settings for the throwaway test stack. Auth rate limits are relaxed here,
// and only here, so that suites can sign in many times; the rate-limit tests start their own
// gateway with the production defaults. Names and meanings: stack/gateway/auth/settings.ts.
export const testGatewayEnv: Record<string, string> = {
  GOTRUE_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
  GOTRUE_RATE_LIMIT_VERIFY: '100000',
  GOTRUE_RATE_LIMIT_EMAIL_SENT: '100000',
  GOTRUE_RATE_LIMIT_SMS_SENT: '100000',
  STACK_RATE_LIMIT_EMAIL_PER_RECIPIENT: '100000',
  STACK_RATE_LIMIT_EMAIL_PER_IP: '100000',
  GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: '100000',
  GOTRUE_SMTP_MAX_FREQUENCY: '0',
  GOTRUE_SMS_MAX_FREQUENCY: '0',
  // Every request of a test stack comes from 127.0.0.1: the public forms' per-connection limits
  // (supabase/functions/_shared/quota.ts) are raised here; their own tests set them.
  PUBLIC_FORM_LIMIT_SCALE: '1000',
}
