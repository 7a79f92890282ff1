// Explicit gateway settings for the throwaway test stack. Auth rate limits are relaxed here,
// and only here, so that suites can sign in many times; the rate-limit tests start their own
// gateway with the production defaults.
export const testGatewayEnv: Record<string, string> = {
  GOTRUE_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '100000',
  GOTRUE_RATE_LIMIT_VERIFY: '100000',
  GOTRUE_RATE_LIMIT_OTP: '100000',
  GOTRUE_RATE_LIMIT_EMAIL_SENT: '100000',
  GOTRUE_RATE_LIMIT_SMS_SENT: '100000',
  GOTRUE_RATE_LIMIT_MFA: '100000',
  GOTRUE_RATE_LIMIT_EMAIL_FREQUENCY_SECONDS: '0',
}
