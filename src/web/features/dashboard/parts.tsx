import { AlertTriangle, Loader2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { orderStatusBadge, orderStatusLabel } from '../../../shared/order-status.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { MESSAGES } from '../../../shared/errors.ts';
import { formatCents } from '../../../shared/money.ts';
import type { CustomerDesign, CustomerOrder } from '../../../shared/schemas/dashboard.ts';
import { Card } from '../../components/ui/card.tsx';
import { formatDate as formatVancouverDate } from '../../../shared/time.ts';

export const formatDate = (iso: string | null) => (iso ? formatVancouverDate(iso) : 'Not set');

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={orderStatusBadge(status)}>{orderStatusLabel(status)}</Badge>;
}

export function StatCard({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
}) {
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium text-cocoa-500">{label}</p>
        <Icon className="size-5 shrink-0 text-rose-400" aria-hidden />
      </div>
      <p className="mt-2 font-display text-3xl font-semibold text-cocoa-900">{value}</p>
    </div>
  );
}

export function DashboardLoading() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-32 text-cocoa-500">
      <Loader2 className="size-8 animate-spin text-rose-500" aria-hidden />
      Loading your dashboard...
    </div>
  );
}

/** Failed loads show the error with Try Again, never invented numbers. */
export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <AlertTriangle className="size-10 text-rose-500" aria-hidden />
      <h1 className="mt-4 text-3xl font-semibold">Error Loading Dashboard</h1>
      <p className="mt-2 text-cocoa-600">
        {error instanceof Error && error.message ? error.message : MESSAGES.dashboardLoadFailed}
      </p>
      <Button className="mt-6" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/**
 * The accessible name of a control every order of a list repeats: its visible label, then which order it
 * is for, so a screen reader's list of buttons tells them apart ("Track Order for order FR-1 (Birch
 * Lane Bakery)"). `who`: the other side of the order.
 */
export const forOrder = (label: string, orderNumber: string, who: string) =>
  `${label} for order ${orderNumber} (${who})`;

/** Paying for an order: a payment being confirmed, Pay Now, or the balance due. */
export function PaymentActions({ order: o }: { order: CustomerOrder }) {
  const name = (label: string) => forOrder(label, o.orderNumber, o.vendor.businessName);
  return (
    <>
      {o.status === 'pending' && o.paymentConfirming && (
        <span role="status" className="text-sm font-medium text-cocoa-600">
          Confirming payment…
        </span>
      )}
      {o.status === 'pending' && !o.paymentConfirming && (
        <Button asChild size="sm">
          <Link to={`/orders/${o.id}/pay`} aria-label={name('Pay Now')}>
            Pay Now
          </Link>
        </Button>
      )}
      {o.balanceToPay && (
        <Button asChild size="sm">
          <Link to={`/orders/${o.id}/pay`} aria-label={name('Pay the balance')}>
            Pay the balance
          </Link>
        </Button>
      )}
    </>
  );
}

/** A saved design: its picture, title and one line of detail; the title opens its public page. */
export function DesignCard({ design, detail }: { design: CustomerDesign; detail: string }) {
  return (
    <Card className="group relative overflow-hidden focus-within:ring-2 focus-within:ring-rose-400">
      {design.imageUrl && (
        <img
          src={design.imageUrl}
          alt={`${design.title} design`}
          width={512}
          height={512}
          className="aspect-square w-full bg-cream-200 object-cover transition-opacity group-hover:opacity-90"
          loading="lazy"
        />
      )}
      <div className="p-3">
        <p className="truncate text-sm font-semibold">
          {/* The link covers the whole card, so the picture opens the design too. */}
          <Link
            to={`/designs/${encodeURIComponent(design.shareId)}`}
            className="after:absolute after:inset-0 hover:text-rose-600 focus-visible:outline-none"
          >
            {design.title}
          </Link>
        </p>
        <p className="text-xs text-cocoa-500">{detail}</p>
        {/* Above the card-wide link, so it stays its own target. */}
        <Link
          to={`/quotes/new?design=${encodeURIComponent(design.id)}`}
          className="relative z-10 mt-2 inline-block text-xs font-semibold text-rose-600 hover:underline"
          aria-label={`Request a Quote for ${design.title}`}
        >
          Request a Quote
        </Link>
      </div>
    </Card>
  );
}

/** An order's amount with its status badge. */
export function AmountStatus({
  amount,
  status,
  className,
}: {
  amount: number;
  status: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <span className="font-semibold">{formatCents(amount)}</span>
      <StatusBadge status={status} />
    </div>
  );
}

/** What a dashboard list says when it has nothing yet. */
export function EmptyState({ title, text, className }: { title: string; text: string; className?: string }) {
  return (
    <Card className={`p-10 text-center ${className ?? ''}`}>
      <p className="font-display text-xl font-semibold">{title}</p>
      <p className="mt-1 text-cocoa-600">{text}</p>
    </Card>
  );
}
