import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SERVICE_FEE_RATE } from '../../../shared/fees.ts';
import { api } from '../../lib/api.ts';

export interface ServerConfig {
  mail: 'smtp' | 'outbox';
  /** The address Frosted is published at; sign-in from another one is refused. */
  publicUrl: string;
  /** The platform service fee rate (SERVICE_FEE_RATE). */
  serviceFeeRate: number;
  google: boolean;
  googleRedirectUri: string;
  /** The AI cake designer: which image provider draws, and why it cannot yet (the missing-key text). */
  designer: { provider: 'procedural' | 'openai'; ready: boolean; message: string | null };
}

export const useServerConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: () => api<ServerConfig>('/api/config'),
    staleTime: 5 * 60 * 1000,
  });

/** The configured service fee rate, or the default until the configuration has loaded. */
export const useServiceFeeRate = () => useServerConfig().data?.serviceFeeRate ?? DEFAULT_SERVICE_FEE_RATE;
