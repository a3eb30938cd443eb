import { useMutation } from '@tanstack/react-query';
import type { SupportRequestCreated, SupportRequestInput } from '../../../shared/schemas/support.ts';
import { api } from '../../lib/api.ts';

/** The contact form's fields, in form order: the server's field errors are mapped onto these. */
export const SUPPORT_FIELDS = [
  'name',
  'email',
  'subject',
  'message',
] as const satisfies readonly (keyof SupportRequestInput)[];

export const sendSupportRequest = (input: SupportRequestInput) =>
  api<SupportRequestCreated>('/api/support/requests', { method: 'POST', json: input });

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
