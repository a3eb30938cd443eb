import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicDesign } from '../../../shared/schemas/designs.ts';
import type {
  QuoteAcceptInput,
  QuoteAnswerInput,
  QuoteRequestInput,
  QuoteRequestView,
  VendorQuoteView,
} from '../../../shared/schemas/quotes.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { designerKeys } from '../designer/api.ts';
import { planKeys } from '../plans/api.ts';

/** The vendor's inbox and the customer's requests are both under `all`. */
export const quoteKeys = {
  all: ['quotes'] as const,
  inbox: ['quotes', 'inbox'] as const,
  /** The customer's list of requests, and under it each request with its quotes. */
  requests: ['quotes', 'requests'] as const,
  request: (id: string) => [...quoteKeys.requests, id] as const,
};

export const useQuoteInbox = () =>
  useQuery({
    queryKey: quoteKeys.inbox,
    queryFn: () => api<{ quotes: VendorQuoteView[] }>('/api/quotes/inbox'),
    select: (d) => d.quotes,
  });

/**
 * The vendor's answer (or revision) and decline. Each is done once the inbox shows it (the refresh is
 * waited for), so the form gives way to the quote as it now is.
 */
export function useQuoteReply(quoteId: string) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: quoteKeys.inbox });
  const answer = useMutation({
    mutationFn: (input: QuoteAnswerInput) =>
      api<{ id: string; revision: number }>(`/api/quotes/${quoteId}/answer`, { method: 'POST', json: input }),
    onSuccess: done,
  });
  const decline = useMutation({
    mutationFn: (reason: string) =>
      api(`/api/quotes/${quoteId}/decline`, { method: 'POST', json: { reason } }),
    onSuccess: done,
  });
  return { answer, decline };
}

export const useMyQuoteRequests = () =>
  useQuery({
    queryKey: quoteKeys.requests,
    queryFn: () => api<{ requests: QuoteRequestView[] }>('/api/quote-requests'),
    select: (d) => d.requests,
  });

export const useQuoteRequest = (id: string) =>
  useQuery({
    queryKey: quoteKeys.request(id),
    queryFn: () => api<QuoteRequestView>(`/api/quote-requests/${encodeURIComponent(id)}`),
  });

/**
 * A design's brief for the request form: the customer's saved design or one shared by link, as its
 * public page shows it (the design page shares this cache).
 */
export const designQuery = (id: string) =>
  queryOptions({
    queryKey: designerKeys.design(id),
    queryFn: () => api<PublicDesign>(`/api/designs/${encodeURIComponent(id)}`),
  });

/** A new request; for an event plan (`planId`), tied to the plan, whose page then shows it. */
export function useCreateQuoteRequest(planId = '') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteRequestInput) =>
      api<{ requestId: string; quoteIds: string[] }>(
        planId ? `/api/plans/${encodeURIComponent(planId)}/requests` : '/api/quote-requests',
        { method: 'POST', json: input },
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: quoteKeys.requests });
      if (planId) void qc.invalidateQueries({ queryKey: planKeys.plan(planId) });
    },
  });
}

/** The customer's answers to one quote: accept it (the order is made) or ask for a change. */
export function useQuoteDecision(requestId: string, quoteId: string) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: quoteKeys.all });
    void qc.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  const accept = useMutation({
    // The revision the customer read: a quote revised since is refused, never accepted unseen.
    mutationFn: (revision: number) =>
      api<{ orderId: string; orderNumber: string }>(`/api/quotes/${quoteId}/accept`, {
        method: 'POST',
        json: { revision } satisfies QuoteAcceptInput,
      }),
    onSuccess: done,
    // Refused (revised, expired, the vendor's day filled): the page shows the quotes as they are now.
    onError: () => void qc.invalidateQueries({ queryKey: quoteKeys.request(requestId) }),
  });
  const change = useMutation({
    mutationFn: (input: { message: string; targetPriceCents?: number | undefined }) =>
      api(`/api/quotes/${quoteId}/change-request`, { method: 'POST', json: input }),
    onSuccess: done,
  });
  return { accept, change };
}
