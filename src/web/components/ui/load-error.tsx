import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** A part of a page that failed to load: what went wrong, and Try Again. */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('rounded-2xl bg-white p-6 text-center', className)}>
      <p className="text-cocoa-600">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
