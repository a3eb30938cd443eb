import { toast } from 'sonner';
import { MESSAGES } from '../../../shared/errors.ts';

/** The public page of a design: a generated image's id, or a saved design's share id. */
export const designUrl = (id: string) => `${window.location.origin}/designs/${encodeURIComponent(id)}`;

/**
 * Shares a design with the device's share sheet where there is one, else copies its link. Closing the
 * share sheet is not an error.
 */
export async function shareDesign({ id, title, text }: { id: string; title: string; text: string }) {
  const url = designUrl(id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      // Share refused (not allowed here, or no target): copying still gets the link out.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(MESSAGES.linkCopied);
  } catch {
    toast.error(`Could not copy the link. Here it is: ${url}`);
  }
}
