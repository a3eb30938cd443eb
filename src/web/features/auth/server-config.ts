import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SERVICE_FEE_RATE } from '../../../shared/fees.ts';
import type { PublicConfig } from '../../../shared/schemas/platform.ts';
import { api } from '../../lib/api.ts';

/** GET /api/config: mail mode, public address, service fee, Google sign-in and the designer's readiness. */
export type ServerConfig = PublicConfig;

export const useServerConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: () => api<ServerConfig>('/api/config'),
    staleTime: 5 * 60 * 1000,
  });

/** The configured service fee rate, or the default until the configuration has loaded. */
export const useServiceFeeRate = () => useServerConfig().data?.serviceFeeRate ?? DEFAULT_SERVICE_FEE_RATE;
