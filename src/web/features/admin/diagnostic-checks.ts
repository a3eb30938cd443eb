import type { CustomerDashboard } from '../../../shared/schemas/dashboard.ts';
import type { Health } from '../../../shared/schemas/platform.ts';
import { api } from '../../lib/api.ts';

export type Check = { name: string; ok: boolean; ms: number; detail: unknown };

async function timed(name: string, run: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    const detail = await run();
    return { name, ok: true, ms: Math.round(performance.now() - started), detail };
  } catch (err) {
    return {
      name,
      ok: false,
      ms: Math.round(performance.now() - started),
      detail: err instanceof Error ? err.message : String(err),
    };
  }
}

type SessionAnswer = { session: { expiresAt: string }; user: { email: string; role?: string | null } };

/** Whether a session exists and whose it is; never the token, which would let a reader sign in as the user. */
const describeSession = (answer: SessionAnswer | null) =>
  answer
    ? {
        signedIn: true,
        email: answer.user.email,
        role: answer.user.role ?? 'user',
        expiresAt: answer.session.expiresAt,
      }
    : { signedIn: false };

/** The checks a dashboard depends on, timed, each passing or failing on its own. */
export const runDiagnostics = (): Promise<Check[]> =>
  Promise.all([
    timed('API and database health', () => api<Health>('/api/health')),
    timed('Session', async () => describeSession(await api<SessionAnswer | null>('/api/auth/get-session'))),
    timed('Customer dashboard data', () => api<CustomerDashboard>('/api/me/dashboard/customer')),
  ]);
