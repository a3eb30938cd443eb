/** What Better Auth answers on failure (its `error` object from the auth client). */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
}

/**
 * Better Auth refuses requests from a page whose address is not the one Frosted trusts (for example
 * 127.0.0.1 when it is published at localhost); "Invalid origin" means nothing to a person.
 */
export const isWrongAddress = (error: AuthClientError | null | undefined) => error?.code === 'INVALID_ORIGIN';

export const wrongAddressMessage = (publicUrl: string | undefined, action: string) =>
  publicUrl
    ? `Please open Frosted at ${publicUrl} to ${action}.`
    : `Please open Frosted at its usual address to ${action}.`;

/** The message to show for a failed auth request: the server's own, except where it would mean nothing. */
export function authErrorMessage(
  error: AuthClientError | null | undefined,
  { fallback, publicUrl, action }: { fallback: string; publicUrl: string | undefined; action: string },
): string {
  if (isWrongAddress(error)) return wrongAddressMessage(publicUrl, action);
  return error?.message || fallback;
}

/** Per-field messages from a refused sign-up or profile update (the server names each field). */
export function authFieldErrors(error: AuthClientError | null | undefined): Record<string, string> {
  const fields = (error as { fields?: unknown } | null | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
