import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../lib/auth-client.ts';
import { useCustomerDashboard } from '../dashboard/api.ts';
import { useUpdatePlan } from './api.ts';

/**
 * The plan's cake design: one of the customer's saved designs, which goes with the cake's quote request
 * made from the plan. Saved at once when chosen.
 */
export function PlanDesign({ planId, designId }: { planId: string; designId: string | null }) {
  const userId = useSession().data?.user.id ?? '';
  const dashboard = useCustomerDashboard(userId);
  const update = useUpdatePlan(planId);
  const designs = dashboard.data?.designs ?? [];
  const chosen = designs.find((d) => d.id === designId);
  if (dashboard.isPending) return null;
  if (designs.length === 0)
    return (
      <p className="mt-3 text-sm text-cocoa-600">
        <Link to="/#ai-designer" className="font-medium text-rose-600 hover:underline">
          Design your cake
        </Link>{' '}
        and save it: it goes with the cake’s request.
      </p>
    );
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {chosen?.imageUrl && (
        <img
          src={chosen.imageUrl}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-lg object-cover"
        />
      )}
      <label className="flex flex-wrap items-center gap-2 text-sm text-cocoa-700">
        Cake design
        <select
          className="rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm"
          value={designId ?? ''}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(
              { designId: e.target.value || null },
              {
                onSuccess: () => toast.success('The plan’s cake design is saved.'),
                onError: (err) => toast.error(err.message),
              },
            )
          }
        >
          <option value="">None yet</option>
          {designs.map((d) => (
            <option key={d.id} value={d.id}>
              {d.title} ({d.flavor}, {d.size})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
