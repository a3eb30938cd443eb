/*
 * How one person is named to another: customers appear to vendors (and in reviews) by first name and
 * last initial, never by e-mail or full name.
 */

/** "Priya S." — reviewers are shown by first name and last initial, never by e-mail. */
export function displayName(c: { firstName: string | null; lastName: string | null; name: string }): string {
  const first = c.firstName?.trim() || c.name.trim().split(/\s+/)[0] || 'Customer';
  const lastInitial = c.lastName?.trim().charAt(0);
  return lastInitial ? `${first} ${lastInitial.toUpperCase()}.` : first;
}
