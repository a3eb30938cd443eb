import { useState } from 'react';
import { MESSAGES } from '../../../shared/errors.ts';
import type { DesignGeneration } from '../../../shared/schemas/designs.ts';
import { ApiError } from '../../lib/api.ts';
import { useServerConfig } from '../auth/api.ts';
import { useDesignQuota, useRefreshQuota, useStartGeneration } from './api.ts';
import { DesignError, DesignResults } from './design-results.tsx';
import { DesignerForm, type FormRejection } from './designer-form.tsx';
import { GenerationProgress } from './generation-progress.tsx';
import { type DesignRequest, type DesignResult, toGenerationInput } from './types.ts';
import { useFollowGeneration } from './use-follow-generation.ts';
import { useVendorPreselection, VendorBanner } from './vendor-banner.tsx';

interface Run {
  generation: DesignGeneration;
  request: DesignRequest;
}
interface Failure {
  message: string;
  /** What Try Again resends; none where retrying cannot help (no key, allowance used up). */
  retry: { request: DesignRequest; variations: 1 | 3 } | null;
}

const NOT_RETRYABLE = new Set(['QUOTA_EXCEEDED', 'NOT_CONFIGURED', 'VALIDATION_FAILED']);

/** The AI cake designer: form, progress, then results or the error (spec: idle, generating, done). */
export function Designer() {
  const refreshQuota = useRefreshQuota();
  const { data: config } = useServerConfig();
  const preselection = useVendorPreselection();
  const start = useStartGeneration();
  const quota = useDesignQuota();
  const [run, setRun] = useState<Run | null>(null);
  const [results, setResults] = useState<{ runId: string; items: DesignResult[] } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const blockedMessage =
    config && !config.designer.ready
      ? (config.designer.message ?? 'The AI designer is not set up on this server yet.')
      : null;

  const progress = useFollowGeneration(run?.generation ?? null, (outcome) => {
    const finished = run;
    setRun(null);
    refreshQuota();
    if (!finished) return;
    if (outcome.status === 'succeeded') {
      const items = outcome.generation.images.map((image) => ({ image, request: finished.request }));
      setResults({ runId: finished.generation.id, items });
    } else {
      const variations = finished.generation.variations;
      setFailure({ message: outcome.message, retry: { request: finished.request, variations } });
    }
  });

  const begin = async (request: DesignRequest, variations: 1 | 3): Promise<FormRejection | void> => {
    setFailure(null);
    try {
      const generation = await start.mutateAsync(toGenerationInput(request, variations));
      setResults(null);
      setRun({ generation, request });
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'INTERNAL', MESSAGES.internal);
      if (e.code === 'VALIDATION_FAILED') return { message: e.message, fields: e.fields };
      // Used up while the page was open: the refreshed quota line shows the message, not a second box.
      if (e.code === 'QUOTA_EXCEEDED' && (await quota.refetch()).data?.remaining === 0) return;
      setFailure({ message: e.message, retry: NOT_RETRYABLE.has(e.code) ? null : { request, variations } });
    }
  };

  const retry = async () => {
    if (!failure?.retry) return;
    const rejection = await begin(failure.retry.request, failure.retry.variations);
    if (rejection) setFailure({ message: rejection.message, retry: null });
  };

  const { vendor } = preselection;
  return (
    <div className="space-y-10">
      <div className="rounded-[var(--radius-card)] bg-cream-50 p-5 ring-1 ring-cocoa-900/8 sm:p-8">
        {vendor && (
          <div className="mb-6">
            <VendorBanner vendor={vendor} onRemove={preselection.clear} />
          </div>
        )}
        <DesignerForm
          busy={start.isPending || run !== null}
          blockedMessage={blockedMessage}
          presetOccasion={preselection.occasion}
          onGenerate={(values, variations) =>
            begin({ ...values, ...(vendor && { vendorId: vendor.id }) }, variations)
          }
        />
      </div>
      {progress && (
        <div className="mx-auto max-w-2xl rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5">
          <GenerationProgress progress={progress} />
        </div>
      )}
      {!progress && failure && (
        <DesignError message={failure.message} onRetry={failure.retry ? () => void retry() : null} />
      )}
      {!progress && results && (
        <DesignResults
          runId={results.runId}
          results={results.items}
          vendorName={vendor?.name}
          onReplace={(index, next) =>
            setResults(
              (current) =>
                current && { ...current, items: current.items.map((r, i) => (i === index ? next : r)) },
            )
          }
        />
      )}
    </div>
  );
}
