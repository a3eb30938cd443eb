import { CalendarHeart, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../shared/money.ts';
import { eventTypeLabel } from '../../shared/plans.ts';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useCreatePlan, usePlans } from '../features/plans/api.ts';
import { planWhen } from '../features/plans/format.ts';
import { PlanForm } from '../features/plans/plan-form.tsx';

export default function PlansPage() {
  return <RequireAuth need="customer">{() => <MyEvents />}</RequireAuth>;
}

/** The customer's events, soonest first, and planning a new one. */
function MyEvents() {
  const plans = usePlans();
  const create = useCreatePlan();
  const navigate = useNavigate();
  const [planning, setPlanning] = useState(false);
  const none = plans.data?.length === 0;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-4xl font-semibold">My Events</h1>
        {!planning && !none && (
          <Button onClick={() => setPlanning(true)}>
            <Plus className="size-4" aria-hidden /> Plan an Event
          </Button>
        )}
      </div>
      <p className="mt-2 text-cocoa-600">
        One plan for the day: the cake, flowers, photos and more, each vendor booked and paid with payment
        protection.
      </p>
      {(planning || none) && (
        <Card className="mt-8 p-6">
          <h2 className="text-xl font-semibold">Plan an event</h2>
          <div className="mt-4">
            <PlanForm
              submitLabel="Create Plan"
              pendingLabel="Creating..."
              onSubmit={async (input) => {
                const plan = await create.mutateAsync(input);
                toast.success('Your event plan is ready.');
                void navigate(`/plans/${plan.id}`);
              }}
              {...(!none && { onCancel: () => setPlanning(false) })}
            />
          </div>
        </Card>
      )}
      <div className="mt-8">
        {plans.isPending ? (
          <Spinner label="Loading your events" />
        ) : plans.isError ? (
          <LoadError message={plans.error.message} onRetry={() => void plans.refetch()} />
        ) : (
          <ul className="space-y-3">
            {plans.data.map((p) => (
              <li key={p.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-semibold">
                      <CalendarHeart className="size-4 shrink-0 text-rose-500" aria-hidden />
                      <Link to={`/plans/${p.id}`} className="break-words hover:underline">
                        {p.title}
                      </Link>
                    </p>
                    <p className="text-sm text-cocoa-600">
                      {eventTypeLabel(p.type)} · {planWhen(p)} · {p.guests} guests
                    </p>
                    <p className="text-sm text-cocoa-600">
                      {p.bookedCount} of {p.categoryCount} booked · {formatCents(p.bookedCents)} of{' '}
                      {formatCents(p.budgetCents)}
                    </p>
                  </div>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/plans/${p.id}`}>
                      Open Plan<span className="sr-only">: {p.title}</span>
                    </Link>
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
