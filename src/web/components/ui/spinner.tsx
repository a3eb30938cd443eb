import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-cocoa-500', className)}>
      <span
        aria-hidden
        className="size-5 animate-spin rounded-full border-2 border-rose-200 border-t-rose-500"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-cream-200', className)} />;
}
