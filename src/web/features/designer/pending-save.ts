import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '../../../shared/errors.ts';
import type { SavedDesign } from '../../../shared/schemas/designs.ts';
import { ApiError, api } from '../../lib/api.ts';
import { useSession } from '../../lib/auth-client.ts';
import { dashboardKeys } from '../dashboard/api.ts';

/** A visitor pressed Save: the design is saved once they have signed in (this tab only). */
const KEY = 'frosted.pendingDesignSave';

export function rememberPendingSave(imageId: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ imageId }));
  } catch {
    // Storage blocked (private mode): the visitor can still save after signing in, by pressing Save again.
  }
}

export function readPendingSave(): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const imageId = (parsed as { imageId?: unknown } | null)?.imageId;
    return typeof imageId === 'string' && imageId ? imageId : null;
  } catch {
    return null;
  }
}

function forgetPendingSave() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** One save at a time, even when the effect runs twice (Strict Mode) or the session is re-read. */
let saving: string | null = null;

/** Mounted once in the layout: performs a visitor's pending Save as soon as a session exists. */
export function usePendingDesignSave() {
  const { data } = useSession();
  const userId = data?.user.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    const imageId = userId ? readPendingSave() : null;
    if (!imageId || saving === imageId) return;
    saving = imageId;
    // Not api.ts's saveDesignRequest: this runs on every page, and the designer's module loads lazily.
    api<SavedDesign>('/api/designs', { method: 'POST', json: { imageId } })
      .then(() => {
        forgetPendingSave();
        toast.success(MESSAGES.designSaved);
        // My Designs and the dashboard numbers.
        return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
          // Gone, or an account (a vendor's) that has no My Designs: saving again cannot help.
          forgetPendingSave();
          toast.error(err.status === 404 ? MESSAGES.designGone : err.message);
        } else if (!(err instanceof ApiError && err.status === 401)) {
          toast.error(MESSAGES.designSaveFailed);
        }
      })
      .finally(() => {
        saving = null;
      });
  }, [userId, queryClient]);
}
