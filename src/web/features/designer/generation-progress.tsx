import { cn } from '../../lib/cn.ts';
import type { GenerationProgress as Progress } from './use-follow-generation.ts';

/** The progress bar with the server's own values (15, 35, 60, 95, 100 or 10, 25, 45, 90, 100) and stage. */
export function GenerationProgress({
  progress,
  label = 'Design progress',
  compact = false,
  className,
}: {
  progress: Progress;
  label?: string;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={cn(compact ? 'space-y-2' : 'space-y-3', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <p aria-live="polite" className={cn('font-medium text-cocoa-700', compact ? 'text-sm' : 'text-base')}>
          {progress.stage}
        </p>
        <span aria-hidden className="text-sm font-semibold tabular-nums text-rose-600">
          {progress.progress}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.progress}
        aria-valuetext={`${progress.progress}%: ${progress.stage}`}
        className={cn('overflow-hidden rounded-full bg-rose-100', compact ? 'h-2' : 'h-3')}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-rose-400 to-rose-600 transition-[width] duration-500 ease-out"
          style={{ width: `${progress.progress}%` }}
        />
      </div>
    </div>
  );
}
