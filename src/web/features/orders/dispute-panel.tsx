import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money.ts';
import {
  DISPUTE_STATUS_LABELS,
  disputeNoteSchema,
  type DisputeNoteInput,
  type OrderDispute,
} from '../../../shared/schemas/disputes.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { api, ApiError } from '../../lib/api.ts';

const disputeKey = (orderId: string) => ['orders', orderId, 'dispute'] as const;

/** The order's card dispute for its vendor, or null when there is none (the API's 404). */
function useOrderDispute(orderId: string) {
  return useQuery({
    queryKey: disputeKey(orderId),
    queryFn: async () => {
      try {
        return await api<OrderDispute>(`/api/orders/${orderId}/dispute`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

function useSaveDisputeNote(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DisputeNoteInput) =>
      api<OrderDispute>(`/api/orders/${orderId}/dispute/note`, { method: 'PUT', json: input }),
    onSuccess: (dispute) => qc.setQueryData(disputeKey(orderId), dispute),
  });
}

/**
 * A card dispute on the vendor's order: what the bank was told, when the evidence is due, and the
 * vendor's note that Frosted sends with it (until it is sent). Nothing shows when there is none.
 */
export function DisputePanel({ orderId, className }: { orderId: string; className?: string }) {
  const dispute = useOrderDispute(orderId);
  const save = useSaveDisputeNote(orderId);
  const form = useForm<DisputeNoteInput>({
    resolver: zodResolver(disputeNoteSchema),
    values: { note: dispute.data?.vendorNote ?? '' },
  });
  const field = formFields('dispute', form.register, form.formState.errors);
  const d = dispute.data;
  if (!d) return null;
  const open = !d.closedAt && !d.evidenceSubmittedAt;
  return (
    <Card className={`space-y-3 p-5 sm:p-7 ${className ?? ''}`}>
      <h2 className="text-xl font-semibold">Payment disputed</h2>
      <p className="text-cocoa-700">
        The customer disputed {formatCents(d.amountCents)} of this order’s payment with their bank (
        {DISPUTE_STATUS_LABELS[d.status].toLowerCase()}). The order’s money stays where it is until the bank
        decides.
      </p>
      {d.dueBy && !d.closedAt && (
        <p className="text-sm text-cocoa-600">Frosted sends the evidence by {formatDateTime(d.dueBy)}</p>
      )}
      {open ? (
        <form
          noValidate
          className="space-y-3"
          onSubmit={form.handleSubmit((input) =>
            save.mutate(input, {
              onSuccess: () => toast.success('Your note will go with the evidence.'),
              onError: (err) => {
                if (err instanceof ApiError && err.fields.note)
                  form.setError('note', { message: err.fields.note });
                else toast.error(err.message);
              },
            }),
          )}
        >
          <TextareaField
            label="Your note for the evidence"
            rows={4}
            placeholder="What happened: pickup or delivery, what the customer said, anything the bank should know."
            {...field('note')}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save note'}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-cocoa-600">
          {d.vendorNote ? `Your note: “${d.vendorNote}”` : 'No note was added.'}{' '}
          {d.evidenceSubmittedAt && `Evidence sent ${formatDateTime(d.evidenceSubmittedAt)}.`}
        </p>
      )}
    </Card>
  );
}
