import { BookmarkPlus, Check, Send, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '../../../shared/errors.ts';
import type { DesignGeneration } from '../../../shared/schemas/designs.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { dashboardPath, type SessionUser, useSession } from '../../lib/auth-client.ts';
import { useRefreshQuota, useSaveDesign, useStartGeneration } from './api.ts';
import type { FormRejection } from './designer-form.tsx';
import { GenerationProgress } from './generation-progress.tsx';
import { rememberPendingSave } from './pending-save.ts';
import { RefineDialog } from './refine-dialog.tsx';
import { shareDesign } from './share.ts';
import { type DesignRequest, type DesignResult, shareText, toGenerationInput } from './types.ts';
import { useFollowGeneration } from './use-follow-generation.ts';

/** One generated picture with Share, Save and Refine; a refined picture replaces it in place. */
export function ResultCard({
  result,
  onReplace,
}: {
  result: DesignResult;
  onReplace: (next: DesignResult) => void;
}) {
  const { image, request } = result;
  const navigate = useNavigate();
  const refreshQuota = useRefreshQuota();
  const { data: session, isPending: sessionPending } = useSession();
  const save = useSaveDesign();
  const start = useStartGeneration();
  const [refining, setRefining] = useState<{ generation: DesignGeneration; request: DesignRequest } | null>(
    null,
  );

  const askToSignIn = (message = 'Sign in to save your design') => {
    rememberPendingSave(image.id);
    toast.info(message);
    void navigate('/auth');
  };
  const user = session?.user as SessionUser | undefined;
  const isVendor = user?.userType === 'vendor';

  // Request a Quote: the design is saved (once) and goes with the brief, to the vendor designed for.
  const onRequestQuote = () => {
    if (!user) return askToSignIn('Sign in to request a quote. Your design is saved to your account.');
    save.mutate(image.id, {
      onSuccess: (saved) => {
        const query = new URLSearchParams({ design: saved.id });
        if (request.vendorId) query.set('vendor', request.vendorId);
        void navigate(`/quotes/new?${query}`);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401)
          return askToSignIn('Sign in to request a quote. Your design is saved to your account.');
        toast.error(err instanceof ApiError && err.status !== 500 ? err.message : MESSAGES.designSaveFailed);
      },
    });
  };

  const onSave = () => {
    if (!user) return askToSignIn();
    save.mutate(image.id, {
      onSuccess: () =>
        toast.success(MESSAGES.designSaved, {
          action: { label: 'View', onClick: () => void navigate(dashboardPath(user)) },
        }),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) return askToSignIn();
        const told = err instanceof ApiError && (err.status === 403 || err.status === 404);
        toast.error(told ? err.message : MESSAGES.designSaveFailed);
      },
    });
  };

  const regenerate = async (description: string): Promise<FormRejection | void> => {
    const next: DesignRequest = { ...request, description };
    try {
      const generation = await start.mutateAsync(toGenerationInput(next, 1, image.style));
      setRefining({ generation, request: next });
    } catch (err) {
      if (err instanceof ApiError) return { message: err.message, fields: err.fields };
      return { message: MESSAGES.internal, fields: {} };
    }
  };

  // A failed retry has no dialog to show its reason in: it is a toast instead.
  const retryRefine = async (description: string) => {
    const rejection = await regenerate(description);
    if (rejection) toast.error(rejection.message);
  };

  const progress = useFollowGeneration(refining?.generation ?? null, (outcome) => {
    const refined = refining;
    setRefining(null);
    refreshQuota();
    if (!refined) return;
    const picture = outcome.status === 'succeeded' ? outcome.generation.images[0] : undefined;
    if (picture) return onReplace({ image: picture, request: refined.request });
    toast.error(outcome.status === 'failed' ? outcome.message : MESSAGES.designsFailed, {
      action: { label: 'Try Again', onClick: () => void retryRefine(refined.request.description) },
    });
  });

  const alt = `${request.occasion} cake, ${image.styleLabel} style`;
  return (
    <article
      aria-label={`${image.styleLabel} design`}
      aria-busy={progress ? true : undefined}
      className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5"
    >
      <div className="relative bg-cream-100">
        <img
          src={image.url}
          alt={alt}
          width={image.width}
          height={image.height}
          className="mx-auto h-auto max-h-[40rem] w-full object-contain"
        />
        {progress && (
          <div className="absolute inset-x-3 bottom-3 rounded-2xl bg-white/95 p-4 shadow-[var(--shadow-lift)]">
            <GenerationProgress
              progress={progress}
              label={`Refining the ${image.styleLabel} design`}
              compact
            />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div>
          <h4 className="font-display text-lg font-semibold">{image.styleLabel}</h4>
          <p className="text-sm text-cocoa-500">
            {request.occasion} · {request.flavor} · {request.size}
          </p>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void shareDesign({ id: image.id, ...shareText(request.occasion, image.styleLabel) })
            }
          >
            <Share2 aria-hidden /> Share
          </Button>
          <Button
            variant={save.isSuccess ? 'soft' : 'default'}
            size="sm"
            onClick={onSave}
            disabled={sessionPending || save.isPending || save.isSuccess}
          >
            {save.isSuccess ? <Check aria-hidden /> : <BookmarkPlus aria-hidden />}
            {save.isSuccess ? 'Saved' : save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <RefineDialog
            styleLabel={image.styleLabel}
            description={request.description}
            disabled={progress !== null}
            onRegenerate={regenerate}
          />
          {!isVendor && (
            <Button
              variant="soft"
              size="sm"
              onClick={onRequestQuote}
              disabled={sessionPending || save.isPending || progress !== null}
            >
              <Send aria-hidden /> Request a Quote
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
