/** Whether a sign-up request (Better Auth's /sign-up/email) carried the age box, ticked. */
export function ageConfirmedIn(path: string | undefined, body: unknown): boolean {
  return (
    path === '/sign-up/email' &&
    typeof body === 'object' &&
    body !== null &&
    (body as { ageConfirmed?: unknown }).ageConfirmed === true
  );
}
