import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A vendor's page outside the dashboard (their profile, their checklist): the way back, the title, the rest. */
export function VendorSubpage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/vendor-dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-rose-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Vendor Dashboard
      </Link>
      <h1 className="mt-3 text-4xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}
