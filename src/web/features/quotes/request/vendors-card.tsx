import { Link } from 'react-router';
import { categoryLabel, VENDOR_CATEGORIES } from '../../../../shared/catalog.ts';
import { MAX_VENDORS_PER_REQUEST } from '../../../../shared/quote-machine.ts';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField, SelectField } from '../../../components/ui/field.tsx';
import { Options } from '../../../components/ui/input.tsx';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';
import { type RequestVendor, VendorSearch } from './vendor-search.tsx';

const CATEGORY_OPTIONS = VENDOR_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));

/**
 * What the request is for. Every vendor of a request sells it, so it changes only while no vendor is
 * ticked; what both kinds of request ask for stays typed when it changes.
 */
function WhatFor({ state }: { state: QuoteRequestFormState }) {
  const { field, chosen, category } = state;
  if (chosen.length > 0)
    return (
      <p className="text-sm text-cocoa-600">
        <span className="font-semibold text-cocoa-800">What for: {categoryLabel(category)}</span>
        <span className="block">To ask for something else, untick the vendors first.</span>
      </p>
    );
  return (
    <SelectField label="What for" {...field('category')}>
      <Options options={CATEGORY_OPTIONS} />
    </SelectField>
  );
}

/**
 * The vendors the request goes to: those offered (the one the customer came from, favorites, found),
 * under what the request is for when the customer may change it or it is not a cake.
 */
export function VendorsCard({
  state,
  vendors,
  onAdd,
  whatFor,
}: {
  state: QuoteRequestFormState;
  vendors: RequestVendor[];
  onAdd: (vendor: RequestVendor) => void;
  whatFor: boolean;
}) {
  const { chosen, setChosen, vendorsError, vendorError, category } = state;
  const error = vendorsError && (
    <p id="vendors-error" role="alert" className="text-sm font-medium text-rose-700">
      {vendorsError}
    </p>
  );
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-xl font-semibold">Vendors</h2>
      {whatFor && <WhatFor state={state} />}
      {vendors.length === 0 ? (
        <>
          <p className="text-sm text-cocoa-600">
            Find vendors below, or open one from{' '}
            <Link
              to={category === 'cakes' ? '/browse-vendors' : `/browse-vendors/${category}`}
              className="text-rose-600 underline"
            >
              Browse Vendors
            </Link>{' '}
            and press Request a Quote. Your favorites are offered here too.
          </p>
          {error}
        </>
      ) : (
        <fieldset className="space-y-2" aria-describedby={vendorsError ? 'vendors-error' : undefined}>
          <legend className="text-sm text-cocoa-600">
            Up to {MAX_VENDORS_PER_REQUEST}; your favorites are listed too.
          </legend>
          {vendors.map((v, i) => (
            <div key={v.id}>
              <CheckboxField
                id={`vendor-${v.id}`}
                error={vendorError(v.id)}
                // "Choose at least one vendor" is about the list: the first box takes the focus for it.
                {...(i === 0 &&
                  vendorsError && { 'aria-invalid': true, 'aria-describedby': 'vendors-error' })}
                checked={chosen.includes(v.id)}
                disabled={!chosen.includes(v.id) && chosen.length >= MAX_VENDORS_PER_REQUEST}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, v.id] : c.filter((x) => x !== v.id)))
                }
              >
                {v.name}
              </CheckboxField>
            </div>
          ))}
          {error}
        </fieldset>
      )}
      <VendorSearch
        category={category}
        listed={vendors.map((v) => v.id)}
        full={chosen.length >= MAX_VENDORS_PER_REQUEST}
        onAdd={onAdd}
        // With no vendor to tick, the search box is where the customer goes to fix it.
        invalid={vendors.length === 0 && Boolean(vendorsError)}
      />
    </Card>
  );
}
