import { BadgeCheck } from 'lucide-react';
import type { PublicVerification } from '../../../shared/schemas/verification.ts';

const monthYear = new Intl.DateTimeFormat('en-CA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Vancouver',
});

/** What Frosted checked for this vendor, on their public page (the documents stay private). */
export function PublicChecks({ verification }: { verification: PublicVerification }) {
  return (
    <section
      aria-labelledby="verification-heading"
      className="rounded-[var(--radius-card)] bg-white p-6 ring-1 ring-cocoa-900/5"
    >
      <h2 id="verification-heading" className="flex items-center gap-2 text-xl font-semibold">
        <BadgeCheck className="size-5 text-sage-700" aria-hidden /> Verified by Frosted
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {verification.items.map((item) => (
          <li
            key={item.kind}
            className="rounded-full bg-sage-100 px-3 py-1 text-sm font-medium text-sage-700"
          >
            {item.label}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-cocoa-600">
        Checked {monthYear.format(new Date(verification.checkedAt))}. Frosted’s team reviewed these documents;
        they are not shown publicly.
      </p>
    </section>
  );
}
