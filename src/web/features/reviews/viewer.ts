import { useSession } from '../../lib/auth-client.ts';

/** The viewer of a review list nobody is signed in to (the server renders public pages as one). */
export const VISITOR = 'visitor';

/**
 * Whose review lists to show: a list carries the viewer's own votes, so each viewer's lists are kept
 * under their own key, and a visitor's (a server-rendered page's) never stands for a signed-in
 * viewer's. `known` is false until the session has been read: lists wait for it rather than load a
 * visitor's list first.
 */
export function useReviewViewer(): { viewer: string; known: boolean } {
  const { data, isPending } = useSession();
  return { viewer: data?.user.id ?? VISITOR, known: !isPending };
}

/** How to ask for a viewer's list: a visitor's is asked for without the cookies, so it is one. */
export const asViewer = (viewer: string): RequestInit => (viewer === VISITOR ? { credentials: 'omit' } : {});
