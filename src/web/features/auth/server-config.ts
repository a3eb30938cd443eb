import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface ServerConfig {
  mail: 'smtp' | 'outbox';
  google: boolean;
  googleRedirectUri: string;
}

export const useServerConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: () => api<ServerConfig>('/api/config'),
    staleTime: 5 * 60 * 1000,
  });
