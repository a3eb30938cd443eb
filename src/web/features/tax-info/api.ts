import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GenerateReportInput,
  OwnSellerReports,
  SellerReport,
  SellerReportSummary,
  TaxInformation,
  TaxInformationView,
} from '../../../shared/schemas/seller-report.ts';
import { api } from '../../lib/api.ts';

/** The yearly seller report (Part XX): the vendor's tax information and own copies, the admin's reports. */
export const taxInfoKeys = {
  own: ['tax-information', 'own'] as const,
  ownReports: ['tax-information', 'reports'] as const,
  reports: ['admin', 'seller-reports'] as const,
  report: (year: number) => ['admin', 'seller-reports', year] as const,
};

const OWN = '/api/me/vendor-profile/tax-information';

export const useTaxInformation = () =>
  useQuery({ queryKey: taxInfoKeys.own, queryFn: () => api<TaxInformationView>(OWN) });

export function useSaveTaxInformation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxInformation) => api<TaxInformationView>(OWN, { method: 'PUT', json: input }),
    onSuccess: (view) => qc.setQueryData(taxInfoKeys.own, view),
  });
}

export const useOwnSellerReports = () =>
  useQuery({
    queryKey: taxInfoKeys.ownReports,
    queryFn: () => api<OwnSellerReports>('/api/me/vendor-profile/seller-reports'),
  });

/** Where the vendor's own copy of a year downloads from (a CSV attachment). */
export const ownReportCsvUrl = (year: number) => `/api/me/vendor-profile/seller-reports/${year}/csv`;
/** Where the admin's CSV of a year, for filing, downloads from. */
export const reportCsvUrl = (year: number) => `/api/admin/seller-reports/${year}/csv`;

/** The admin's reports; while one is queued the list asks again every 2 seconds until it is ready. */
export const useSellerReports = () =>
  useQuery({
    queryKey: taxInfoKeys.reports,
    queryFn: () => api<{ reports: SellerReportSummary[] }>('/api/admin/seller-reports'),
    refetchInterval: (query) =>
      query.state.data?.reports.some((r) => r.status === 'queued') ? 2_000 : false,
  });

export const useSellerReport = (year: number | null, generatedAt: string | null) =>
  useQuery({
    queryKey: [...taxInfoKeys.report(year ?? 0), generatedAt],
    queryFn: () => api<SellerReport>(`/api/admin/seller-reports/${year}`),
    enabled: year !== null && generatedAt !== null,
  });

export function useGenerateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateReportInput) =>
      api<SellerReportSummary>('/api/admin/seller-reports', { method: 'POST', json: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: taxInfoKeys.reports }),
  });
}
