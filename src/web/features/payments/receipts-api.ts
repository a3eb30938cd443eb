import { useQuery } from '@tanstack/react-query';
import type { FeeInvoice, Receipt, ReceiptList } from '../../../shared/schemas/receipts.ts';
import { api } from '../../lib/api.ts';

/** Receipts and fee invoices (decision 029): documents that never change once written. */
export const receiptKeys = {
  ofOrder: (orderId: string) => ['receipts', 'order', orderId] as const,
  one: (id: string) => ['receipts', id] as const,
  invoice: (id: string) => ['fee-invoices', id] as const,
};

/** The customer's receipts of one order (none for anyone else). */
export const useOrderReceipts = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: receiptKeys.ofOrder(orderId),
    queryFn: () => api<ReceiptList>(`/api/me/receipts?orderId=${encodeURIComponent(orderId)}`),
    enabled,
  });

export const useReceipt = (id: string) =>
  useQuery({
    queryKey: receiptKeys.one(id),
    queryFn: () => api<Receipt>(`/api/me/receipts/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });

export const useFeeInvoice = (id: string) =>
  useQuery({
    queryKey: receiptKeys.invoice(id),
    queryFn: () => api<FeeInvoice>(`/api/me/invoices/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });
