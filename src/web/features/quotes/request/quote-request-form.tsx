import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_VENDORS_PER_REQUEST } from '../../../../shared/quote-machine.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { SessionUser } from '../../../lib/auth-client.ts';
import { useCustomerDashboard } from '../../dashboard/api.ts';
import { useVendorPage } from '../../vendor-page/api.ts';
import { CakeCard } from './cake-card.tsx';
import { savedDesignFor, type SavedDesignOption, useDesignFill } from './use-design-fill.ts';
import { useQuoteRequestForm } from './use-quote-request-form.ts';
import type { RequestVendor } from './vendor-search.tsx';
import { VendorsCard } from './vendors-card.tsx';
import { WhenWhereCard } from './when-where-card.tsx';

/**
 * Request a Quote: one brief to the vendor the customer came from and any favorites they add (up to
 * five). A vendor who cannot take the date is named at their checkbox; what was typed stays.
 */
export function QuoteRequestForm({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const fromVendor = params.get('vendor') ?? '';
  const vendorPage = useVendorPage(fromVendor);
  const dashboard = useCustomerDashboard(user.id);
  if (dashboard.isPending || (fromVendor && vendorPage.isPending))
    return <Spinner label="Loading" className="flex justify-center py-32" />;
  const offered: RequestVendor[] = [];
  if (vendorPage.data) offered.push({ id: vendorPage.data.vendor.id, name: vendorPage.data.vendor.name });
  for (const v of dashboard.data?.favoriteVendors ?? [])
    if (!offered.some((x) => x.id === v.id)) offered.push({ id: v.id, name: v.name });
  return (
    <RequestForm
      fromVendor={fromVendor}
      offered={offered}
      designs={dashboard.data?.designs ?? []}
      openedDesign={params.get('design') ?? ''}
    />
  );
}

function RequestForm({
  fromVendor,
  offered,
  designs,
  openedDesign,
}: {
  fromVendor: string;
  offered: RequestVendor[];
  designs: SavedDesignOption[];
  openedDesign: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const state = useQuoteRequestForm({
    formRef,
    fromVendor,
    designId: savedDesignFor(designs, openedDesign)?.id ?? '',
  });
  const design = useDesignFill({ state, designs, opened: openedDesign });
  // Vendors the customer found with the search box, kept in the list once added.
  const [found, setFound] = useState<RequestVendor[]>([]);
  const vendors = [...offered, ...found.filter((f) => !offered.some((v) => v.id === f.id))];
  const addVendor = (v: RequestVendor) => {
    setFound((f) => (f.some((x) => x.id === v.id) ? f : [...f, v]));
    state.setChosen((c) => (c.includes(v.id) || c.length >= MAX_VENDORS_PER_REQUEST ? c : [...c, v.id]));
  };
  const { chosen } = state;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Request a Quote</h1>
      <p className="mt-2 text-cocoa-600">
        Describe your cake once; each vendor you choose answers with a price you can compare.
      </p>
      <form ref={formRef} noValidate className="mt-8 space-y-8" onSubmit={(e) => void state.send(e)}>
        <VendorsCard state={state} vendors={vendors} onAdd={addVendor} />
        <CakeCard state={state} designs={designs} design={design} />
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
