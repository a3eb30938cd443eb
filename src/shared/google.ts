/** The spec's Google sign-in messages (section 8), by the error code the sign-in returns with. */
export const GOOGLE_MESSAGES = {
  notConfigured:
    'Google OAuth is not configured in the backend project. Please enable the Google provider under Authentication > Providers.',
  invalidCredentials:
    'Google rejected the sign-in: check that the Google client ID and client secret configured on the server are correct.',
  redirectMismatch:
    'Google refused the redirect address: add this domain to the authorized redirect addresses of the Google client.',
  accountNotLinked:
    'An account with this e-mail already exists. Sign in with your e-mail and password instead.',
  emailNotVerified: 'Google has not verified this e-mail address, so we cannot sign you in with it.',
  fallback: 'Google sign in failed',
} as const;

export function googleErrorMessage(code: string | null, description?: string | null): string {
  switch (code) {
    case null:
    case '':
      return GOOGLE_MESSAGES.fallback;
    case 'account_not_linked':
      return GOOGLE_MESSAGES.accountNotLinked;
    case 'email_not_verified':
      return GOOGLE_MESSAGES.emailNotVerified;
    case 'invalid_client':
    case 'unauthorized_client':
    case 'oauth_code_verification_failed':
    case 'invalid_code':
      return GOOGLE_MESSAGES.invalidCredentials;
    case 'redirect_uri_mismatch':
      return GOOGLE_MESSAGES.redirectMismatch;
    case 'provider_not_found':
      return GOOGLE_MESSAGES.notConfigured;
    default:
      return `Google OAuth Error: ${description || code.replace(/_/g, ' ')}`;
  }
}
