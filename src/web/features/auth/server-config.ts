import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface ServerConfig {
  mail: 'smtp' | 'outbox';
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
