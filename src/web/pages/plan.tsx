import { MapPin, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { VENDOR_CATEGORIES } from '../../shared/catalog.ts';
import { eventTypeLabel, planCategories } from '../../shared/plans.ts';
import type { PlanView } from '../../shared/schemas/plans.ts';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useDeletePlan, usePlan, useUpdatePlan } from '../features/plans/api.ts';
import { planFormValues, planWhen } from '../features/plans/format.ts';
import { PlanForm } from '../features/plans/plan-form.tsx';
import { PlanBudget, PlanCategory, PlanPayment, PlanTimeline } from '../features/plans/plan-sections.tsx';

export default function PlanPage() {
  const { id = '' } = useParams();
  return <RequireAuth need="customer">{() => <Plan id={id} />}</RequireAuth>;
}

function Plan({ id }: { id: string }) {
  const plan = usePlan(id);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/plans" className="text-sm font-medium text-rose-600 hover:underline">
        ← My Events
      </Link>
      {plan.isPending ? (
        <div className="min-h-[60vh] py-10">
          <Spinner label="Loading your event" />
        </div>
      ) : plan.isError ? (
        <div className="mt-6">
          <LoadError message={plan.error.message} onRetry={() => void plan.refetch()} />
        </div>
      ) : (
        <PlanBody plan={plan.data} />
      )}
    </div>
  );
}

/** The event's home: details, what is booked of the checklist, the budget, paying and the day. */
function PlanBody({ plan }: { plan: PlanView }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdatePlan(plan.id);
  const remove = useDeletePlan(plan.id);
  const navigate = useNavigate();
  const booked = plan.categories.filter((c) => c.booking).length;
  const shown = new Set(plan.categories.map((c) => c.category));
  const toggle = (category: string, on: boolean) => {
    const next = on ? [...shown, category] : [...shown].filter((c) => c !== category);
    update.mutate({ categories: planCategories(next) }, { onError: (err) => toast.error(err.message) });
  };
  return (
    <>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-rose-600">
            {eventTypeLabel(plan.type)}
          </p>
          <h1 className="break-words text-4xl font-semibold">{plan.title}</h1>
          <p className="mt-2 text-cocoa-700">{planWhen(plan)}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-cocoa-600">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4 text-rose-500" aria-hidden /> {plan.venueAddress}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-4 text-rose-500" aria-hidden /> {plan.guests} guests
            </span>
          </p>
        </div>
        {!editing && (
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit Details
          </Button>
        )}
      </div>
      {editing && (
        <Card className="mt-6 p-6">
          <h2 className="text-xl font-semibold">Edit your event</h2>
          <div className="mt-4">
            <PlanForm
              initial={planFormValues(plan)}
              submitLabel="Save Changes"
              pendingLabel="Saving..."
              onSubmit={async (input) => {
                await update.mutateAsync(input);
                toast.success('Your event plan is saved.');
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          </div>
        </Card>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <h2 className="text-2xl font-semibold">
            Vendors{' '}
            <span className="text-base font-normal text-cocoa-600">
              ({booked} of {plan.categories.length} booked)
            </span>
          </h2>
          {plan.categories.map((c) => (
            <PlanCategory key={c.category} plan={plan} category={c} />
          ))}
          <details className="rounded-2xl bg-cream-100 p-4">
            <summary className="cursor-pointer font-medium">Change the vendors you need</summary>
            <fieldset className="mt-3 grid gap-2 sm:grid-cols-2" disabled={update.isPending}>
              <legend className="sr-only">Vendors you need</legend>
              {VENDOR_CATEGORIES.map((c) => {
                const has = plan.categories.find((p) => p.category === c.value);
                const locked = Boolean(has && (has.booking || has.requests.length > 0));
                return (
                  <label key={c.value} className="flex items-center gap-3 text-sm text-cocoa-700">
                    <input
                      type="checkbox"
                      className="size-4 accent-rose-500"
                      checked={shown.has(c.value)}
                      disabled={locked}
                      onChange={(e) => toggle(c.value, e.target.checked)}
                    />
                    {c.label}
                    {locked && <span className="text-xs text-cocoa-500">(has quotes)</span>}
                  </label>
                );
              })}
            </fieldset>
          </details>
        </div>
        <div className="space-y-4">
          <PlanBudget plan={plan} />
          <PlanPayment plan={plan} />
          <PlanTimeline timeline={plan.timeline} startTime={plan.startTime} />
          {booked === 0 && (
            <Button
              variant="outline"
              className="w-full"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm('Delete this event plan? Its quote requests stay in My Quotes.')) return;
                remove.mutate(undefined, {
                  onSuccess: () => {
                    toast.success('The event plan was deleted.');
                    void navigate('/plans');
                  },
                  onError: (err) => toast.error(err.message),
                });
              }}
            >
              Delete Plan
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
