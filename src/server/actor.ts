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
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';
