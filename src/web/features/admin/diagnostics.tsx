import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { CustomerDashboard } from '../../../shared/schemas/dashboard.ts';
import type { Health } from '../../../shared/schemas/platform.ts';
import { api } from '../../lib/api.ts';

type Check = { name: string; ok: boolean; ms: number; detail: unknown };

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

/** Runs the checks a dashboard depends on: the API and database, the session, and the dashboard query. */
async function runChecks(): Promise<Check[]> {
  return Promise.all([
    timed('API and database health', () => api<Health>('/api/health')),
    timed('Session', async () => describeSession(await api<SessionAnswer | null>('/api/auth/get-session'))),
    timed('Customer dashboard data', () => api<CustomerDashboard>('/api/me/dashboard/customer')),
  ]);
}

export function Diagnostics({ runOnLoad }: { runOnLoad: boolean }) {
  const run = useMutation({ mutationFn: runChecks });
  const { mutate } = run;
  useEffect(() => {
    if (runOnLoad) mutate();
  }, [runOnLoad, mutate]);
  return (
    <div className="space-y-4">
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Running...' : 'Run Test'}
      </Button>
      {run.data?.map((c) => (
        <Card key={c.name} className="p-4">
          <p className="font-semibold">
            <span className={c.ok ? 'text-sage-700' : 'text-rose-700'}>{c.ok ? 'PASS' : 'FAIL'}</span>{' '}
            {c.name} <span className="text-sm font-normal text-cocoa-500">({c.ms} ms)</span>
          </p>
          <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-cream-100 p-3 text-xs">
            {JSON.stringify(c.detail, null, 2)}
          </pre>
        </Card>
      ))}
    </div>
  );
}
