import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationDecision,
  Mailbox,
  OutboxEmailResponse,
  SeedResult,
  SeedState,
  VendorApplication,
  VendorApplicationList,
} from '../../../shared/schemas/admin.ts';
import type { ClaimsQueue } from '../../../shared/schemas/claims.ts';
import type { FailedJobsResponse } from '../../../shared/schemas/jobs.ts';
import type { Reconciliation } from '../../../shared/schemas/reconciliation.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { vendorKeys } from '../vendors/api/keys.ts';
import { runDiagnostics } from './diagnostic-checks.ts';

/** Everything only admins read is under `all` (the verification queue too: src/web/features/verification). */
export const adminKeys = {
  all: ['admin'] as const,
  applications: ['admin', 'applications'] as const,
  applicationList: (status: VendorApplication['status']) => [...adminKeys.applications, status] as const,
  users: ['admin', 'users'] as const,
  userList: (search: string) => [...adminKeys.users, search] as const,
  claims: ['admin', 'claims'] as const,
  reconciliation: ['admin', 'reconciliation'] as const,
  /** Every mailbox list, and under it each open e-mail. */
  mailbox: ['admin', 'mailbox'] as const,
  mailboxList: (to: string, failedOnly: boolean) => [...adminKeys.mailbox, to, failedOnly] as const,
  email: (id: string | null) => [...adminKeys.mailbox, 'email', id] as const,
  seed: ['admin', 'seed'] as const,
  failedJobs: ['admin', 'jobs', 'failed'] as const,
  /** The mutation that retries one job (a mutation key: every Retry button of that job shares it). */
  jobRetry: (jobId: string) => ['admin', 'jobs', 'retry', jobId] as const,
};

// Vendor applications

export const useApplications = (status: VendorApplication['status']) =>
  useQuery({
    queryKey: adminKeys.applicationList(status),
    queryFn: () =>
      api<VendorApplicationList>(`/api/admin/vendor-applications?status=${status}`).then(
        (r) => r.applications,
      ),
  });

/**
 * Approves an application: every list of applications and the vendors customers see change. A refusal
 * (already decided, e-mail not confirmed) means the list may be out of date, so it is read again.
 */
export function useApproveApplication(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ApplicationDecision>(`/api/admin/vendor-applications/${applicationId}/approve`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.applications });
      void qc.invalidateQueries({ queryKey: vendorKeys.all });
    },
    onError: () => void qc.invalidateQueries({ queryKey: adminKeys.applications }),
  });
}

/** Rejects an application with the reason the vendor is e-mailed. */
export function useRejectApplication(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<ApplicationDecision>(`/api/admin/vendor-applications/${applicationId}/reject`, {
        method: 'POST',
        json: { reason },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.applications }),
  });
}

// Users (Better Auth's admin endpoints, which check the admin role themselves)

export type AdminUser = {
  id: string;
  name: string;
  email: string;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  userType?: string;
  createdAt: string;
};

/** The newest 50 users, or those whose e-mail contains `search`. */
export const useAdminUsers = (search: string) =>
  useQuery({
    queryKey: adminKeys.userList(search),
    queryFn: () =>
      api<{ users: AdminUser[]; total: number }>(
        `/api/auth/admin/list-users?${new URLSearchParams({
          limit: '50',
          sortBy: 'createdAt',
          sortDirection: 'desc',
          ...(search && { searchValue: search, searchField: 'email', searchOperator: 'contains' }),
        })}`,
      ),
  });

export interface UserAction {
  /** The Better Auth admin endpoint: `ban-user`, `unban-user`, `revoke-user-sessions`. */
  path: string;
  body: Record<string, string>;
  /** What the toast says once it is done. */
  done: string;
}

/** Ban, unban or sign a user out everywhere; `onDone` and `onFailed` hear of every action. */
export function useUserAction({
  onDone,
  onFailed,
}: {
  onDone: (action: UserAction) => void;
  onFailed: (err: Error) => void;
}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: UserAction) =>
      api(`/api/auth/admin/${path}`, { method: 'POST', json: body }),
    onSuccess: (_result, action) => {
      onDone(action);
      void qc.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: onFailed,
  });
}

// Claims and the money

export const useClaimsQueue = () =>
  useQuery({ queryKey: adminKeys.claims, queryFn: () => api<ClaimsQueue>('/api/admin/claims') });

export interface ClaimResolution {
  outcome: 'release' | 'refund' | 'partial';
  refundCents?: number;
  note: string;
}

/** Decides a claim: the queue changes, and so does the reconciliation (the order's money moves). */
export function useResolveClaim(claimId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimResolution) =>
      api<{ refundCents: number }>(`/api/admin/claims/${claimId}/resolution`, { method: 'POST', json: body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.claims });
      void qc.invalidateQueries({ queryKey: adminKeys.reconciliation });
    },
  });
}

export const useReconciliation = () =>
  useQuery({
    queryKey: adminKeys.reconciliation,
    queryFn: () => api<Reconciliation>('/api/admin/reconciliation'),
    // Money moves all the time: show the books as they are now whenever the tab opens.
    staleTime: 0,
  });

// The mailbox

/** Every e-mail Frosted sends or keeps, newest first, read again every 5 s. */
export const useMailbox = (to: string, failedOnly: boolean) =>
  useQuery({
    queryKey: adminKeys.mailboxList(to, failedOnly),
    queryFn: () =>
      api<Mailbox>(
        `/api/admin/mailbox?${new URLSearchParams({ ...(to ? { to } : {}), ...(failedOnly ? { status: 'failed' } : {}) })}`,
      ),
    refetchInterval: 5000,
  });

/** Still on its way: the open e-mail is read again until the delivery round is done with it. */
const inFlight = (status: string | undefined) => status === 'queued' || status === 'sending';

/** One e-mail, when one is open. */
export const useOutboxEmail = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.email(id),
    queryFn: () => api<OutboxEmailResponse>(`/api/admin/mailbox/${id}`).then((r) => r.email),
    enabled: id !== null,
    refetchInterval: (q) => (inFlight(q.state.data?.status) ? 2000 : false),
  });

/** Queues a failed e-mail again; the open e-mail shows the answer, and every list is read again. */
export function useRetryEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<OutboxEmailResponse>(`/api/admin/mailbox/${id}/retry`, { method: 'POST' }),
    onSuccess: ({ email }) => {
      qc.setQueryData(adminKeys.email(email.id), email);
      void qc.invalidateQueries({ queryKey: adminKeys.mailbox });
    },
  });
}

// Demo data

export const useSeedState = () =>
  useQuery({ queryKey: adminKeys.seed, queryFn: () => api<SeedState>('/api/admin/seed') });

/** After seeding or clearing: the counts from the answer; vendors and dashboards show other data now. */
function useAfterSeed() {
  const qc = useQueryClient();
  return (r: SeedResult) => {
    qc.setQueryData<SeedState>(adminKeys.seed, (old) => (old ? { ...old, counts: r.counts } : old));
    void qc.invalidateQueries({ queryKey: vendorKeys.all });
    void qc.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

/** Loads all demo data, or one table's (`table`). */
export function useSeed() {
  const done = useAfterSeed();
  return useMutation({
    mutationFn: (table?: string) =>
      api<SeedResult>('/api/admin/seed', { method: 'POST', json: table ? { table } : {} }),
    onSuccess: done,
  });
}

/** Removes the demo rows (only those). */
export function useClearSeed() {
  const done = useAfterSeed();
  return useMutation({
    mutationFn: () => api<SeedResult>('/api/admin/seed/clear', { method: 'POST' }),
    onSuccess: done,
  });
}

// Failed background jobs (the job queue's dead letter)

export const useFailedJobs = () =>
  useQuery({
    queryKey: adminKeys.failedJobs,
    queryFn: () => api<FailedJobsResponse>('/api/admin/jobs/failed').then((r) => r.jobs),
  });

/**
 * Puts a failed job back on the queue. Either way the list is read again: retried, the job leaves the
 * dead letter; refused (404), it had already left it.
 */
export function useRetryJob(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.jobRetry(jobId),
    mutationFn: () =>
      api<{ ok: true }>(`/api/admin/jobs/${encodeURIComponent(jobId)}/retry`, { method: 'POST' }),
    // Not awaited: the answer's own callbacks (a toast) run while its button is still there.
    onSettled: () => void qc.invalidateQueries({ queryKey: adminKeys.failedJobs }),
  });
}

/** Whether a retry of this job is on its way (from any of its Retry buttons). */
export const useRetryingJob = (jobId: string) =>
  useIsMutating({ mutationKey: adminKeys.jobRetry(jobId) }) > 0;

// Diagnostics (the dashboard debug pages)

/** Runs the checks a dashboard depends on: the API and database, the session, and the dashboard query. */
export const useDiagnostics = () => useMutation({ mutationFn: runDiagnostics });
