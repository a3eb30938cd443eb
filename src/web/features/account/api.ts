import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailCategory, EmailPreferences, UnsubscribeResult } from '../../../shared/schemas/email.ts';
import type { CloseAccountInput } from '../../../shared/schemas/privacy.ts';
import { api } from '../../lib/api.ts';
import { authClient } from '../../lib/auth-client.ts';

export const accountKeys = {
  /** Where the signed-in user is signed in (Better Auth's sessions). */
  sessions: ['auth', 'sessions'] as const,
  emailPreferences: ['me', 'email-preferences'] as const,
};

export const useSessions = () =>
  useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => {
      const { data, error } = await authClient.listSessions();
      if (error) throw new Error(error.message || 'Could not load your sessions.');
      return data;
    },
  });

/** Signs one session out, or every other one (`'others'`). */
export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (token: string | 'others') => {
      const { error } =
        token === 'others'
          ? await authClient.revokeOtherSessions()
          : await authClient.revokeSession({ token });
      if (error) throw new Error(error.message || 'Could not sign that session out.');
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/**
 * Changes the password; the answer is Better Auth's (`error` set when refused). Other sessions may have
 * been signed out, so the list is read again after a change.
 */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) => authClient.changePassword(input),
    onSuccess: ({ error }) => {
      if (!error) void qc.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

export const useEmailPreferences = () =>
  useQuery({
    queryKey: accountKeys.emailPreferences,
    queryFn: () => api<EmailPreferences>('/api/me/email-preferences'),
  });

/**
 * Switches one category on or off. The switch moves at once; only the switched category is taken from
 * the answer (or put back after a failure): another switch flipped meanwhile keeps its own state until
 * its own answer comes. `onSaved` and `onFailed` hear of every switch, however quickly they follow.
 */
export function useSaveEmailPreference({
  onSaved,
  onFailed,
}: {
  onSaved: (category: EmailCategory, on: boolean) => void;
  onFailed: (err: Error) => void;
}) {
  const qc = useQueryClient();
  const key = accountKeys.emailPreferences;
  return useMutation({
    mutationFn: (patch: Partial<EmailPreferences>) =>
      api<EmailPreferences>('/api/me/email-preferences', { method: 'PUT', json: patch }),
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<EmailPreferences>(key);
      if (before) qc.setQueryData(key, { ...before, ...patch });
      return { before };
    },
    onSuccess: (saved, patch) => {
      const [category] = Object.keys(patch) as EmailCategory[];
      if (!category) return;
      qc.setQueryData<EmailPreferences>(key, (now) =>
        now ? { ...now, [category]: saved[category] } : saved,
      );
      onSaved(category, saved[category]);
    },
    onError: (err, patch, context) => {
      const [category] = Object.keys(patch) as EmailCategory[];
      const before = context?.before;
      if (category && before)
        qc.setQueryData<EmailPreferences>(key, (now) =>
          now ? { ...now, [category]: before[category] } : before,
        );
      onFailed(err);
    },
  });
}

/**
 * An e-mail's unsubscribe link (no sign-in: the link's signed token says who and from what), or its
 * undo (`resubscribe`); `onSuccess` hears every answer.
 */
export const useUnsubscribe = (token: string, onSuccess: (result: UnsubscribeResult) => void) =>
  useMutation({
    onSuccess,
    mutationFn: (resubscribe: boolean) =>
      api<UnsubscribeResult>(`/api/email/unsubscribe?${new URLSearchParams({ token })}`, {
        method: 'POST',
        json: resubscribe ? { resubscribe: true } : {},
      }),
  });

/**
 * Downloads everything Frosted holds about the signed-in user (GET /api/me/privacy/export) and saves it
 * as the file the server names; a refusal (the hourly limit) is thrown as the server's message.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const res = await fetch('/api/me/privacy/export', { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? 'Could not prepare your data. Please try again.');
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name ?? 'frosted-data.json';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/** Closes the signed-in user's account (password, or the confirmation word); every session ends. */
export const useCloseAccount = () =>
  useMutation({
    mutationFn: (input: CloseAccountInput) =>
      api<{ closed: true }>('/api/me/privacy/close', { method: 'POST', json: input }),
  });

/** Confirms the signed-in person is 18 or older (after a first sign-in with Google). */
export const useConfirmAge = () =>
  useMutation({
    mutationFn: () =>
      api<{ ageConfirmedAt: string }>('/api/me/privacy/age', { method: 'POST', json: { confirmAge: true } }),
  });
