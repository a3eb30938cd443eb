import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VendorCategory } from '../../../../shared/catalog.ts';
import { planBriefDefaults, requestCategory } from '../../../../shared/event-request.ts';
import { MAX_VENDORS_PER_REQUEST } from '../../../../shared/quote-machine.ts';
import type { PlanView } from '../../../../shared/schemas/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { SessionUser } from '../../../lib/auth-client.ts';
import { useCustomerDashboard } from '../../dashboard/api.ts';
import { planQuery } from '../../plans/api.ts';
import { useVendorPage } from '../../vendor-page/api.ts';
import { CakeCard } from './cake-card.tsx';
import { EventCard } from './event-card.tsx';
import { savedDesignFor, type SavedDesignOption, useDesignFill } from './use-design-fill.ts';
import { useQuoteRequestForm } from './use-quote-request-form.ts';
import type { RequestVendor } from './vendor-search.tsx';
import { VendorsCard } from './vendors-card.tsx';
import { WhenWhereCard } from './when-where-card.tsx';

/**
 * Request a Quote: one brief to the vendor the customer came from and any favorites they add (up to
 * five). A vendor who cannot take the date is named at their checkbox; what was typed stays. A cake
 * maker gets a cake's brief (with the customer's designs); a florist, a photographer or another event
 * vendor (`?vendor=` one of theirs, or `?category=`) the event's. From an event plan (`?plan=`), the
 * plan's day, venue and guests are filled in and the request goes to the plan.
 */
export function QuoteRequestForm({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const fromVendor = params.get('vendor') ?? '';
  const planId = params.get('plan') ?? '';
  const vendorPage = useVendorPage(fromVendor);
  const dashboard = useCustomerDashboard(user.id);
  const plan = useQuery({ ...planQuery(planId), enabled: planId !== '' });
  if (dashboard.isPending || (fromVendor && vendorPage.isPending) || (planId && plan.isPending))
    return <Spinner label="Loading" className="flex justify-center py-32" />;
  if (planId && plan.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadError message={plan.error.message} onRetry={() => void plan.refetch()} />
      </div>
    );
  const from = vendorPage.data?.vendor;
  const category = requestCategory({ asked: params.get('category'), vendor: from });
  const designs = dashboard.data?.designs ?? [];
  return (
    <RequestForm
      fromVendor={fromVendor}
      offered={[
        ...(from ? [{ id: from.id, name: from.name, categories: from.categories }] : []),
        ...(dashboard.data?.favoriteVendors ?? []).filter((v) => v.id !== from?.id),
      ]}
      category={category}
      plan={planId ? plan.data : undefined}
      designs={designs}
      // A design is a cake's: the plan's, unless the link names one.
      openedDesign={category === 'cakes' ? (params.get('design') ?? plan.data?.designId ?? '') : ''}
    />
  );
}

function RequestForm({
  fromVendor,
  offered,
  category,
  plan,
  designs,
  openedDesign,
}: {
  fromVendor: string;
  /** The vendor the customer came from, then their favorites, whatever they sell. */
  offered: RequestVendor[];
  category: VendorCategory;
  plan: PlanView | undefined;
  designs: SavedDesignOption[];
  openedDesign: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const state = useQuoteRequestForm({
    formRef,
    fromVendor,
    designId: savedDesignFor(designs, openedDesign)?.id ?? '',
    brief: {
      category,
      // An event vendor's time is the customer's to choose (a cake's is needed by noon unless said).
      ...(category !== 'cakes' && { eventTime: '' }),
      ...(plan && planBriefDefaults(plan, category)),
    },
    planId: plan?.id ?? '',
  });
  const design = useDesignFill({ state, designs, opened: openedDesign });
  // Vendors the customer found with the search box, kept in the list once added.
  const [found, setFound] = useState<RequestVendor[]>([]);
  const cake = state.category === 'cakes';
  // Only vendors who sell what the request is for.
  const vendors = [...offered, ...found.filter((f) => !offered.some((v) => v.id === f.id))].filter((v) =>
    v.categories.includes(state.category),
  );
  const addVendor = (v: RequestVendor) => {
    setFound((f) => (f.some((x) => x.id === v.id) ? f : [...f, v]));
    state.setChosen((c) => (c.includes(v.id) || c.length >= MAX_VENDORS_PER_REQUEST ? c : [...c, v.id]));
  };
  const { chosen } = state;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Request a Quote</h1>
      <p className="mt-2 text-cocoa-600">
        {cake
          ? 'Describe your cake once; each vendor you choose answers with a price you can compare.'
          : 'Describe your event once; each vendor you choose answers with a price you can compare.'}
      </p>
      {plan && <p className="mt-1 text-sm text-cocoa-600">For your plan “{plan.title}”.</p>}
      <form ref={formRef} noValidate className="mt-8 space-y-8" onSubmit={(e) => void state.send(e)}>
        <VendorsCard state={state} vendors={vendors} onAdd={addVendor} whatFor={!cake || !fromVendor} />
        {cake ? <CakeCard state={state} designs={designs} design={design} /> : <EventCard state={state} />}
        <WhenWhereCard state={state} vendors={vendors} />
        {/* Always pressable: pressing it says what is missing, at each field. */}
        <Button type="submit" size="lg" aria-disabled={state.pending || undefined}>
          {state.pending
            ? 'Sending...'
            : chosen.length > 1
              ? `Send to ${chosen.length} Vendors`
              : 'Send Request'}
        </Button>
      </form>
    </div>
  );
}
