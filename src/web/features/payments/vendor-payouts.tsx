import { Download, ExternalLink, Landmark, ShieldCheck, Wallet } from 'lucide-react';
import { type Ref, useCallback, useId, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money.ts';
import { orderStatusLabel, type OrderStatus } from '../../../shared/order-status.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton, Spinner } from '../../components/ui/spinner.tsx';
import { HeaderRow } from '../../components/ui/table.tsx';
import { useTaxInformation } from '../tax-info/api.ts';
import { useRequestPayout, useStripeOnboarding, useVendorPayouts } from './api.ts';
import { DISPUTE_POLICY } from '../../../shared/schemas/disputes.ts';

const ORDER_COLUMNS = [
  { label: 'Order' },
  { label: 'Status' },
  { label: 'Paid', numeric: true },
  { label: 'Refunded', numeric: true },
  { label: 'Service fee', numeric: true },
  { label: 'Tax on fee', numeric: true },
  { label: 'Yours', numeric: true },
  { label: 'Held', numeric: true },
];

/**
 * The vendor's money, from the ledger: held for open orders (payment protection), available to pay
 * out, paid out; what each order brought after the service fee and the tax on it; payouts, each with
 * its fee invoice; a CSV of it all.
 */
export function VendorPayouts() {
  const view = useVendorPayouts();
  const payout = useRequestPayout();
  const titleId = useId();
  // Once paid out, the button gives way to the note: focus goes there rather than to the page's top.
  const focusNothing = useRef(false);
  const nothingShown = useCallback((note: HTMLParagraphElement | null) => {
    if (note && focusNothing.current) {
      focusNothing.current = false;
      note.focus();
    }
  }, []);
  if (view.isPending) return <PayoutsLoading />;
  if (view.isError)
    return <LoadError message={view.error.message} onRetry={() => void view.refetch()} className="p-6" />;
  const v = view.data;
  const requestPayout = () =>
    payout.mutate(undefined, {
      onSuccess: (p) => {
        toast.success(`Payout of ${formatCents(p.amountCents)} is on its way.`);
        focusNothing.current = true;
      },
      onError: (err) => toast.error(err.message),
    });
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Balance
          icon={ShieldCheck}
          label="Held (payment protection)"
          cents={v.heldCents}
          note="Paid by customers, released when they confirm or 24 hours after delivery."
        />
        <Balance
          icon={Wallet}
          label="Available"
          cents={v.availableCents}
          note="Yours, after Frosted’s service fee and the tax on it."
        />
        <Balance icon={Landmark} label="Paid out" cents={v.paidOutCents} note="Sent to you so far." />
      </div>
      {v.payoutMethod.provider === 'stripe' && !v.payoutMethod.connected && <StripeSetup />}
      <TaxInformationNeeded />
      <div className="flex flex-wrap items-center gap-3">
        {v.availableCents <= 0 ? (
          <NothingToPayOut ref={nothingShown} heldCents={v.heldCents} />
        ) : (
          <Button onClick={requestPayout} disabled={payout.isPending}>
            {payout.isPending ? 'Requesting...' : `Pay Out ${formatCents(v.availableCents)}`}
          </Button>
        )}
        <Button asChild variant="outline">
          <a href="/api/me/payouts/export" download>
            <Download aria-hidden /> Download CSV
          </a>
        </Button>
      </div>
      {v.orders.length === 0 ? (
        <Card className="p-8 text-center text-cocoa-600">
          No payments yet. When a customer pays for an order, it shows here.
        </Card>
      ) : (
        <Card className="overflow-hidden p-0">
          <h3 id={titleId} className="p-4 font-sans text-base font-semibold text-cocoa-900">
            Money per order
          </h3>
          {/* Wider than a phone: the table scrolls sideways (its title stays), in a region a keyboard can
              focus and scroll too, with each row's order number kept in view. */}
          <div
            role="region"
            aria-labelledby={titleId}
            // A region that scrolls must take focus, or a keyboard cannot scroll it (axe's
            // scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="overflow-x-auto focus-visible:outline-offset-[-2px]"
          >
            <table aria-labelledby={titleId} className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-y border-cocoa-900/10 bg-cream-100 text-cocoa-600 [&_th:first-child]:sticky [&_th:first-child]:left-0 [&_th:first-child]:bg-cream-100">
                <HeaderRow columns={ORDER_COLUMNS} className="px-3 py-2 font-medium sm:px-4" />
              </thead>
              <tbody>
                {v.orders.map((o) => (
                  <tr key={o.orderId} className="border-b border-cocoa-900/5 last:border-0">
                    <th
                      scope="row"
                      className="sticky left-0 whitespace-nowrap bg-white px-3 py-2 font-medium text-cocoa-900 sm:px-4"
                    >
                      {o.orderNumber}
                    </th>
                    <td className="px-3 py-2 sm:px-4">{orderStatusLabel(o.status as OrderStatus)}</td>
                    <td className="px-3 py-2 text-right sm:px-4">{formatCents(o.amountCents)}</td>
                    <td className="px-3 py-2 text-right sm:px-4">{formatCents(o.refundedCents)}</td>
                    <td className="px-3 py-2 text-right sm:px-4">{formatCents(o.feeCents)}</td>
                    <td className="px-3 py-2 text-right sm:px-4">{formatCents(o.taxCents)}</td>
                    <td className="px-3 py-2 text-right font-semibold sm:px-4">
                      {formatCents(o.vendorCents)}
                    </td>
                    <td className="px-3 py-2 text-right sm:px-4">{formatCents(o.heldCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <section aria-labelledby="payouts-title">
        <h3 id="payouts-title" className="text-lg font-semibold">
          Payouts
        </h3>
        {v.payouts.length === 0 ? (
          <p className="mt-2 text-sm text-cocoa-600">No payouts yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-cocoa-900/5 rounded-2xl bg-white">
            {v.payouts.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <span>{formatDateTime(p.createdAt)}</span>
                <span className="text-cocoa-600">{p.status === 'paid' ? 'Paid' : 'Sending'}</span>
                {p.invoice && (
                  <Link
                    to={`/vendor-dashboard/invoices/${p.invoice.id}`}
                    className="font-medium text-rose-600 hover:underline"
                  >
                    Invoice {p.invoice.number}
                  </Link>
                )}
                <span className="font-semibold">{formatCents(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* The written policy on card disputes (decision 031): the terms of every payout above. */}
      <p className="text-xs text-cocoa-600">{DISPUTE_POLICY}</p>
    </div>
  );
}

/** The tab's shape while it loads: the three balances, the buttons, the table. */
function PayoutsLoading() {
  return (
    <div className="space-y-6">
      <Spinner label="Loading your payouts" className="sr-only" />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 rounded-[var(--radius-card)]" />
        ))}
      </div>
      <Skeleton className="h-11 w-64 rounded-full" />
      <Skeleton className="h-48 rounded-[var(--radius-card)]" />
    </div>
  );
}

/**
 * In place of a button that would pay out nothing: says so, and where the next money comes from (the
 * money held for open orders, available as they complete).
 */
function NothingToPayOut({ heldCents, ref }: { heldCents: number; ref: Ref<HTMLParagraphElement> }) {
  return (
    <p ref={ref} tabIndex={-1} className="basis-full text-sm text-cocoa-700 sm:basis-0 sm:grow">
      <strong className="font-semibold text-cocoa-900">Nothing to pay out right now.</strong>{' '}
      {heldCents > 0
        ? `${formatCents(heldCents)} held for your open orders becomes available as those orders are completed.`
        : 'Money from an order becomes available here once the order is completed.'}
    </p>
  );
}

/**
 * Under Stripe, payouts go to the vendor's own Stripe account (Connect Express): set up once on
 * Stripe's pages, which send the vendor back here. Shown until Stripe says the account can be paid.
 */
function StripeSetup() {
  const onboarding = useStripeOnboarding();
  const start = () =>
    onboarding.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toast.error(err.message),
    });
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
      <div className="max-w-xl text-sm text-cocoa-700">
        <p className="font-semibold text-cocoa-900">Get paid with Stripe</p>
        <p className="mt-1">
          Payouts are sent to your own Stripe account. Setting it up takes a few minutes on Stripe (your
          business and bank details); if you started already, this continues where you left off.
        </p>
      </div>
      <Button onClick={start} disabled={onboarding.isPending || onboarding.isSuccess}>
        <ExternalLink aria-hidden />
        {onboarding.isPending || onboarding.isSuccess ? 'Opening Stripe...' : 'Set up payouts with Stripe'}
      </Button>
    </Card>
  );
}

/** Before the first payout, the tax information Canada's seller report needs (decision 030): said here, not after Pay Out. */
function TaxInformationNeeded() {
  const tax = useTaxInformation();
  if (!tax.data || tax.data.complete) return null;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
      <div className="max-w-xl text-sm text-cocoa-700">
        <p className="font-semibold text-cocoa-900">Add your tax information before your first payout</p>
        <p className="mt-1">
          Canada’s rules for online marketplaces need your legal name, address, tax number and date of birth
          (or business registration number). Frosted reports your sales to the CRA once a year and sends you
          the same information.
        </p>
      </div>
      <Button asChild>
        <Link to="/vendor-dashboard/tax-information">Add tax information</Link>
      </Button>
    </Card>
  );
}

function Balance({
  icon: Icon,
  label,
  cents,
  note,
}: {
  icon: typeof Wallet;
  label: string;
  cents: number;
  note: string;
}) {
  return (
    <Card className="p-5">
      <p className="flex items-center gap-2 text-sm font-medium text-cocoa-600">
        <Icon className="size-4 text-rose-600" aria-hidden /> {label}
      </p>
      <p className="mt-2 font-display text-3xl font-semibold text-cocoa-900">{formatCents(cents)}</p>
      <p className="mt-1 text-xs text-cocoa-500">{note}</p>
    </Card>
  );
}
