import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SERVICE_FEE_RATE } from '../../../shared/fees.ts';
import type { PublicConfig } from '../../../shared/schemas/platform.ts';
import { api } from '../../lib/api.ts';
import { authClient } from '../../lib/auth-client.ts';

export const authKeys = {
  config: ['config'] as const,
  /** The sign-in methods (providers) linked to a user. */
  accounts: (userId: string) => ['auth', 'accounts', userId] as const,
};

/** GET /api/config: mail mode, public address, service fee, Google sign-in and the designer's readiness. */
export type ServerConfig = PublicConfig;

export const useServerConfig = () =>
  useQuery({
    queryKey: authKeys.config,
    queryFn: () => api<ServerConfig>('/api/config'),
    staleTime: 5 * 60 * 1000,
  });

/** The configured service fee rate, or the default until the configuration has loaded. */
export const useServiceFeeRate = () => useServerConfig().data?.serviceFeeRate ?? DEFAULT_SERVICE_FEE_RATE;

/** The signed-in user's linked accounts (email, Google), through Better Auth. */
export const useLinkedAccounts = (userId: string) =>
  useQuery({
    queryKey: authKeys.accounts(userId),
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw new Error(error.message || 'Unknown error');
      return data;
    },
  });
