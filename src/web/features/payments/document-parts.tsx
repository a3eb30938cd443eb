import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';

/** A receipt's or an invoice's lines: a label and its value on one row, on a phone as on a desk. */
export function DocumentRow({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-4 py-2 ${strong ? 'font-semibold text-cocoa-900' : ''}`}>
      <dt className="text-cocoa-600">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

export function PrintButton() {
  return (
    <Button variant="outline" size="sm" onClick={() => window.print()} className="print:hidden">
      <Printer aria-hidden /> Print
    </Button>
  );
}

/** Loading, or why a document cannot be shown (another user's looks exactly like a missing one). */
export function DocumentState({
  what,
  error,
  back,
}: {
  what: string;
  error: Error | null;
  back: { to: string; label: string };
}) {
  if (!error) return <Spinner label={`Loading the ${what}`} />;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-3xl font-semibold">
        {missing ? `This ${what} was not found` : `Could not load the ${what}`}
      </h1>
      <p className="mt-3 text-cocoa-600">
        {missing ? `It does not exist, or it is not yours.` : error.message || 'Please try again.'}
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}
