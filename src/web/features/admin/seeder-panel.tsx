import { Database, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES } from '../../../shared/errors.ts';
import type { SeedResult } from '../../../shared/schemas/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useClearSeed, useSeed, useSeedState } from './api.ts';

const done = (r: SeedResult) => toast.success(r.message);

export function SeederPanel() {
  const state = useSeedState();
  const seed = useSeed();
  const clear = useClearSeed();
  const seedTable = (table?: string) =>
    seed.mutate(table, {
      onSuccess: done,
      onError: (err) => {
        console.error(err);
        toast.error(table ? MESSAGES.seedTableError(table) : MESSAGES.seedFailed);
      },
    });
  const clearAll = () =>
    clear.mutate(undefined, {
      onSuccess: done,
      onError: (err) => {
        console.error(err);
        toast.error(MESSAGES.clearError);
      },
    });
  const busy = seed.isPending || clear.isPending;

  if (state.isPending) return <Spinner label="Loading demo data state" />;
  if (state.isError) return <p role="alert">{state.error.message}</p>;
  return (
    <div className="space-y-6">
      <Card className="p-6">
        <h2 className="text-xl font-semibold">All demo data</h2>
        <p className="mt-1 text-sm text-cocoa-600">
          8 vendors, 8 cake designs, 4 orders, 4 favorites, 2 reviews and the demo accounts. Clear removes
          only demo rows.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => seedTable()} disabled={busy}>
            <Database aria-hidden /> Seed All
          </Button>
          <Button variant="outline" onClick={clearAll} disabled={busy}>
            <Trash2 aria-hidden /> Clear
          </Button>
        </div>
      </Card>
      <Card className="p-6">
        <h2 className="text-xl font-semibold">One table at a time</h2>
        <ul className="mt-4 divide-y divide-cocoa-900/10">
          {state.data.tables.map((t) => (
            <li key={t} className="flex items-center justify-between gap-4 py-3">
              <span>
                <span className="font-mono text-sm font-semibold">{t}</span>
                <span className="ml-3 text-sm text-cocoa-500">{state.data.counts[t] ?? 0} demo rows</span>
              </span>
              <Button
                size="sm"
                variant="soft"
                onClick={() => seedTable(t)}
                disabled={busy}
                aria-label={`Seed ${t}`}
              >
                Seed
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
