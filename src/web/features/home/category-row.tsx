import {
  Cake,
  Camera,
  Flower2,
  Music,
  PartyPopper,
  Tent,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { VENDOR_CATEGORIES, type VendorCategory } from '../../../shared/catalog.ts';

const ICONS: Record<VendorCategory, LucideIcon> = {
  cakes: Cake,
  flowers: Flower2,
  decor: PartyPopper,
  catering: UtensilsCrossed,
  photography: Camera,
  entertainment: Music,
  rentals: Tent,
};

/** The home page's row of categories, each to its own page of vendors. */
export function CategoryRow() {
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">Plan the whole day</p>
      <h2 id="categories-title" className="mt-3 text-3xl font-semibold sm:text-4xl">
        Cakes and event vendors
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {VENDOR_CATEGORIES.map((c) => {
          const Icon = ICONS[c.value];
          return (
            // Seven in two columns on a phone: the last one takes the whole row.
            <li key={c.value} className="flex last:col-span-2 sm:last:col-span-1">
              <Link
                to={`/browse-vendors/${c.value}`}
                className="flex w-full flex-col items-center gap-2 rounded-[var(--radius-card)] bg-white p-4 text-center text-sm font-semibold text-cocoa-800 ring-1 ring-cocoa-900/8 transition-shadow hover:shadow-[var(--shadow-lift)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500"
              >
                <Icon className="size-7 text-rose-600" aria-hidden />
                {c.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
