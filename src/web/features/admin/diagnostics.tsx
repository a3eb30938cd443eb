import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDiagnostics } from './api.ts';

export function Diagnostics({ runOnLoad }: { runOnLoad: boolean }) {
  const run = useDiagnostics();
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
