import { Link } from 'react-router';
import { MAX_VENDORS_PER_REQUEST } from '../../../../shared/quote-machine.ts';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';
import { type RequestVendor, VendorSearch } from './vendor-search.tsx';

/** The vendors the request goes to: those offered (the one the customer came from, favorites, found). */
export function VendorsCard({
  state,
  vendors,
  onAdd,
}: {
  state: QuoteRequestFormState;
  vendors: RequestVendor[];
  onAdd: (vendor: RequestVendor) => void;
}) {
  const { chosen, setChosen, vendorsError, vendorError } = state;
  const error = vendorsError && (
    <p id="vendors-error" role="alert" className="text-sm font-medium text-rose-700">
      {vendorsError}
    </p>
  );
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-xl font-semibold">Vendors</h2>
      {vendors.length === 0 ? (
        <>
          <p className="text-sm text-cocoa-600">
            Find vendors below, or open one from{' '}
            <Link to="/browse-vendors" className="text-rose-600 underline">
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
        listed={vendors.map((v) => v.id)}
        full={chosen.length >= MAX_VENDORS_PER_REQUEST}
        onAdd={onAdd}
        // With no vendor to tick, the search box is where the customer goes to fix it.
        invalid={vendors.length === 0 && Boolean(vendorsError)}
      />
    </Card>
  );
}
