import { formatFromPrice } from '../../../shared/money.ts';
import type { VendorPackage } from '../../../shared/schemas/packages.ts';

/** A vendor's packages on their page: "4-hour coverage, from $1,200", in the vendor's order. */
export function VendorPackages({ packages }: { packages: VendorPackage[] }) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="packages-heading" id="packages" className="scroll-mt-24">
      <h2 id="packages-heading" className="text-3xl font-semibold">
        Packages
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((p) => (
          <li
            key={p.id}
            className="flex flex-col rounded-[var(--radius-card)] bg-white p-5 ring-1 ring-cocoa-900/5"
          >
            <h3 className="text-lg font-semibold">
              {p.name}
              <span className="font-normal text-cocoa-600">, </span>
              <span className="whitespace-nowrap text-rose-700">
                {formatFromPrice(p.priceCents, { capital: false })}
              </span>
            </h3>
            {p.description && <p className="mt-2 text-sm leading-relaxed text-cocoa-600">{p.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
