/**
 * Who is asking: the signed-in user as services see them. The HTTP layer builds it from the session;
 * services, policies and timers (which act as the system) take it as a plain value.
 */
export interface Actor {
  id: string;
  email: string;
  name: string;
  userType: 'customer' | 'vendor';
  role: string;
  /**
   * The vendor business this account runs: set once per request by the auth guard (null: none, as for
   * every customer). Undefined only for an actor built outside a request, whose vendor is then looked
   * up by `vendorOf` (modules/auth).
   */
  vendorId?: string | null;
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';
