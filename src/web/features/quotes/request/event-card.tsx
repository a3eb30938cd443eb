import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { OCCASIONS } from '../../../../shared/catalog.ts';
import { formatFromPrice } from '../../../../shared/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { InputField, SelectField } from '../../../components/ui/field.tsx';
import { Options } from '../../../components/ui/input.tsx';
import { vendorPageQuery } from '../../vendor-page/api.ts';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';

/** "Bridal bouquet + 8 centrepieces, from $650", as the vendor's page lists it. */
const packageLabel = (p: { name: string; priceCents: number }) =>
  `${p.name}, ${formatFromPrice(p.priceCents, { capital: false })}`;

/**
 * The packages of the chosen vendors, from their pages: the customer names the one they want (each
 * vendor's own list when several are chosen), or leaves it to the vendor ("Not sure yet").
 */
function PackageField({ state }: { state: QuoteRequestFormState }) {
  const { field, form, chosen } = state;
  const pages = useQueries({
    queries: chosen.map((id) => vendorPageQuery(id)),
    combine: (results) => results.map((r) => r.data),
  });
  const lists = pages.flatMap((page) =>
    page && page.packages.length > 0
      ? [
          {
            id: page.vendor.id,
            name: page.vendor.name,
            packages: page.packages,
          },
        ]
      : [],
  );
  const names = lists.flatMap((l) => l.packages.map((p) => p.name));
  const packageName = useWatch({ control: form.control, name: 'brief.packageName' });
  // A package of a vendor no longer chosen is not asked for.
  const stale = pages.every(Boolean) && packageName !== '' && !names.includes(packageName);
  useEffect(() => {
    if (stale) form.setValue('brief.packageName', '');
  }, [stale, form]);
  if (lists.length === 0) return null;
  return (
    <div className="sm:col-span-2">
      <SelectField label="Package" {...field('packageName')}>
        <option value="">Not sure yet</option>
        {lists.length === 1 ? (
          <Options options={lists[0]!.packages.map((p) => ({ value: p.name, label: packageLabel(p) }))} />
        ) : (
          lists.map((l) => (
            <optgroup key={l.id} label={l.name}>
              <Options options={l.packages.map((p) => ({ value: p.name, label: packageLabel(p) }))} />
            </optgroup>
          ))
        )}
      </SelectField>
    </div>
  );
}

/** "Your event": an event vendor's brief: the occasion, how many guests, and the package wanted. */
export function EventCard({ state }: { state: QuoteRequestFormState }) {
  const { field } = state;
  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-2">
      <h2 className="text-xl font-semibold sm:col-span-2">Your event</h2>
      <SelectField label="Occasion" {...field('occasion')}>
        <option value="">Choose…</option>
        <Options options={OCCASIONS} />
      </SelectField>
      <InputField label="Guests" inputMode="numeric" {...field('guests')} />
      <PackageField state={state} />
    </Card>
  );
}
