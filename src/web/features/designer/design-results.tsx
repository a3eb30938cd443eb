import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { ResultCard } from './result-card.tsx';
import { type DesignResult, specialtyFor } from './types.ts';

/** The generated pictures (one to three: a variation that failed is simply not there). */
export function DesignResults({
  runId,
  results,
  vendorName,
  onReplace,
}: {
  /** The vendor the customer designs for (Request a Quote on their page, Order Now on Browse Vendors). */
  vendorName?: string | undefined;
  /** The generation that drew these: a new one moves focus here, a refined picture does not. */
  runId: string;
  results: DesignResult[];
  onReplace: (index: number, next: DesignResult) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // New results move focus (and the view) to their heading, so keyboard and screen-reader users land on them.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [runId]);

  const occasion = results[0]?.request.occasion ?? '';
  return (
    <section aria-labelledby="design-results-title" className="space-y-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h3 id="design-results-title" ref={heading} tabIndex={-1} className="text-3xl font-semibold">
          {results.length === 1 ? 'Your design' : 'Your designs'}
        </h3>
        {vendorName ? (
          // Designing for a vendor: each design's Request a Quote goes to them (and keeps the design).
          <p className="text-cocoa-600">Love it? Request a quote from {vendorName}.</p>
        ) : (
          <p className="text-cocoa-600">
            Love it? Request a quote, or{' '}
            <Link
              to={`/browse-vendors?specialty=${specialtyFor(occasion)}`}
              className="font-semibold text-rose-600 hover:underline"
            >
              find a baker to make it
            </Link>
          </p>
        )}
      </div>
      <ul
        aria-label="Generated designs"
        className={cn(
          'grid gap-6',
          results.length === 1
            ? 'mx-auto max-w-md'
            : results.length === 2
              ? 'sm:grid-cols-2'
              : 'sm:grid-cols-2 lg:grid-cols-3',
        )}
      >
        {results.map((r, i) => (
          <li key={r.image.id}>
            <ResultCard result={r} onReplace={(next) => onReplace(i, next)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A generation that failed or could not start: the server's message, and Try Again where it can help. */
export function DesignError({ message, onRetry }: { message: string; onRetry: (() => void) | null }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] bg-rose-50 p-6 text-center sm:p-8"
    >
      <AlertTriangle className="size-8 text-rose-500" aria-hidden />
      <p className="max-w-xl font-medium text-rose-800">{message}</p>
      {onRetry && <Button onClick={onRetry}>Try Again</Button>}
    </div>
  );
}
