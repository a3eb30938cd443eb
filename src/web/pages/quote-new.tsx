import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DIETARY_OPTIONS, FLAVORS, OCCASIONS, SIZES } from '../../shared/catalog.ts';
import { parseDollars } from '../../shared/money.ts';
import { MAX_VENDORS_PER_REQUEST } from '../../shared/quote-machine.ts';
import { quoteRequestInputSchema } from '../../shared/schemas/quotes.ts';
import type { VendorList } from '../../shared/schemas/vendors.ts';
import { addDays, vancouverDay } from '../../shared/time.ts';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CheckboxField, Field, fieldA11y } from '../components/ui/field.tsx';
import { Input, NativeSelect, Textarea } from '../components/ui/input.tsx';
import { SearchInput } from '../components/ui/search-input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError, api } from '../lib/api.ts';
import type { SessionUser } from '../lib/auth-client.ts';
import { useCustomerDashboard } from '../features/dashboard/api.ts';
import { DateAvailability } from '../features/calendar/date-availability.tsx';
import { useCreateQuoteRequest } from '../features/quotes/api.ts';
import { useVendorPage } from '../features/vendor-page/api.ts';

export default function QuoteNewPage() {
  return <RequireAuth need="customer">{(user) => <QuoteRequestForm user={user} />}</RequireAuth>;
}

interface Vendor {
  id: string;
  name: string;
}

/**
 * Request a Quote: one brief to the vendor the customer came from and any favorites they add (up to
 * five). A vendor who cannot take the date is named at their checkbox; what was typed stays.
 */
function QuoteRequestForm({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromVendor = params.get('vendor') ?? '';
  const vendorPage = useVendorPage(fromVendor);
  const dashboard = useCustomerDashboard(user.id);
  const create = useCreateQuoteRequest();
  const [values, setValues] = useState({
    occasion: '',
    flavor: '',
    size: '',
    servings: '',
    fulfillment: 'pickup',
    eventDate: '',
    eventTime: '12:00',
    deliveryAddress: '',
    budgetMin: '',
    budgetMax: '',
    allergies: '',
    notes: '',
    designId: params.get('design') ?? '',
  });
  const [dietary, setDietary] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>(fromVendor ? [fromVendor] : []);
  // Vendors the customer found with the search box, kept in the list once added.
  const [found, setFound] = useState<Vendor[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  if (dashboard.isPending || (fromVendor && vendorPage.isPending))
    return <Spinner label="Loading" className="flex justify-center py-32" />;
  const vendors: Vendor[] = [];
  if (vendorPage.data) vendors.push({ id: vendorPage.data.vendor.id, name: vendorPage.data.vendor.name });
  for (const v of [...(dashboard.data?.favoriteVendors ?? []), ...found])
    if (!vendors.some((x) => x.id === v.id)) vendors.push({ id: v.id, name: v.name });
  const addVendor = (v: Vendor) => {
    setFound((f) => (f.some((x) => x.id === v.id) ? f : [...f, v]));
    setChosen((c) => (c.includes(v.id) || c.length >= MAX_VENDORS_PER_REQUEST ? c : [...c, v.id]));
  };
  const designs = dashboard.data?.designs ?? [];

  const submit = () => {
    const input = {
      vendorIds: chosen,
      ...(values.designId && { designId: values.designId }),
      brief: {
        occasion: values.occasion,
        flavor: values.flavor,
        size: values.size,
        servings: values.servings,
        fulfillment: values.fulfillment,
        eventDate: values.eventDate,
        eventTime: values.eventTime,
        ...(values.fulfillment === 'delivery' && { deliveryAddress: values.deliveryAddress }),
        budgetMinCents: parseDollars(values.budgetMin),
        budgetMaxCents: parseDollars(values.budgetMax),
        ...(values.allergies.trim() && { allergies: values.allergies }),
        dietary,
        ...(values.notes.trim() && { notes: values.notes }),
      },
    };
    const parsed = quoteRequestInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      toast.error('Please check the highlighted fields.');
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ requestId }) => {
        toast.success(
          chosen.length === 1
            ? 'Your request is on its way.'
            : `Your request is on its way to ${chosen.length} vendors.`,
        );
        void navigate(`/quotes/${requestId}`);
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        toast.error(err.message);
      },
    });
  };

  // A vendor's refusal is keyed by its place in the list sent.
  const vendorError = (id: string) => errors[`vendorIds.${chosen.indexOf(id)}`];
  const err = (k: string) => errors[`brief.${k}`];
  const a11y = (id: string, k: string) => fieldA11y(id, err(k));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Request a Quote</h1>
      <p className="mt-2 text-cocoa-600">
        Describe your cake once; each vendor you choose answers with a price you can compare.
      </p>
      <form
        noValidate
        className="mt-8 space-y-8"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Card className="space-y-3 p-5">
          <h2 className="text-xl font-semibold">Vendors</h2>
          {vendors.length === 0 ? (
            <p className="text-sm text-cocoa-600">
              Find vendors below, or open one from{' '}
              <Link to="/browse-vendors" className="text-rose-600 underline">
                Browse Vendors
              </Link>{' '}
              and press Request a Quote. Your favorites are offered here too.
            </p>
          ) : (
            <fieldset className="space-y-2" aria-describedby={errors.vendorIds ? 'vendors-error' : undefined}>
              <legend className="text-sm text-cocoa-600">
                Up to {MAX_VENDORS_PER_REQUEST}; your favorites are listed too.
              </legend>
              {vendors.map((v) => (
                <div key={v.id}>
                  <CheckboxField
                    id={`vendor-${v.id}`}
                    error={vendorError(v.id)}
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
              {errors.vendorIds && (
                <p id="vendors-error" className="text-sm font-medium text-rose-700">
                  {errors.vendorIds}
                </p>
              )}
            </fieldset>
          )}
          <VendorSearch
            listed={vendors.map((v) => v.id)}
            full={chosen.length >= MAX_VENDORS_PER_REQUEST}
            onAdd={addVendor}
          />
        </Card>

        <Card className="grid gap-4 p-5 sm:grid-cols-2">
          <h2 className="text-xl font-semibold sm:col-span-2">Your cake</h2>
          <Field id="q-occasion" label="Occasion" error={err('occasion')}>
            <NativeSelect
              value={values.occasion}
              onChange={set('occasion')}
              {...a11y('q-occasion', 'occasion')}
            >
              <option value="">Choose…</option>
              {OCCASIONS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="q-flavor" label="Flavor" error={err('flavor')}>
            <NativeSelect value={values.flavor} onChange={set('flavor')} {...a11y('q-flavor', 'flavor')}>
              <option value="">Choose…</option>
              {FLAVORS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="q-size" label="Size" error={err('size')}>
            <NativeSelect value={values.size} onChange={set('size')} {...a11y('q-size', 'size')}>
              <option value="">Choose…</option>
              {SIZES.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="q-servings" label="Servings" error={err('servings')}>
            <Input
              inputMode="numeric"
              value={values.servings}
              onChange={set('servings')}
              {...a11y('q-servings', 'servings')}
            />
          </Field>
          {designs.length > 0 && (
            <div className="sm:col-span-2">
              <Field id="q-design" label="Design (optional)" error={errors.designId}>
                <NativeSelect
                  value={values.designId}
                  onChange={set('designId')}
                  {...fieldA11y('q-design', errors.designId)}
                >
                  <option value="">No design</option>
                  {designs.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
          )}
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-semibold text-cocoa-700">Dietary needs</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {DIETARY_OPTIONS.map((d) => (
                <CheckboxField
                  key={d.value}
                  id={`q-diet-${d.value}`}
                  checked={dietary.includes(d.value)}
                  onChange={(e) =>
                    setDietary((xs) =>
                      e.target.checked ? [...xs, d.value] : xs.filter((x) => x !== d.value),
                    )
                  }
                >
                  {d.label}
                </CheckboxField>
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <Field id="q-allergies" label="Allergies (optional)" error={err('allergies')}>
              <Input
                value={values.allergies}
                onChange={set('allergies')}
                {...a11y('q-allergies', 'allergies')}
              />
            </Field>
          </div>
        </Card>

        <Card className="grid gap-4 p-5 sm:grid-cols-2">
          <h2 className="text-xl font-semibold sm:col-span-2">When and where</h2>
          <Field id="q-date" label="Event date" error={err('eventDate')}>
            <Input
              type="date"
              min={vancouverDay(addDays(new Date(), 0))}
              value={values.eventDate}
              onChange={set('eventDate')}
              {...a11y('q-date', 'eventDate')}
            />
          </Field>
          <Field id="q-time" label="Needed by" error={err('eventTime')}>
            <Input
              type="time"
              value={values.eventTime}
              onChange={set('eventTime')}
              {...a11y('q-time', 'eventTime')}
            />
          </Field>
          <DateAvailability
            vendors={vendors.filter((v) => chosen.includes(v.id))}
            date={values.eventDate}
            onPickDate={(day) => setValues((v) => ({ ...v, eventDate: day }))}
          />
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-semibold text-cocoa-700">Delivery or pickup</legend>
            <div className="flex gap-6">
              {(['pickup', 'delivery'] as const).map((f) => (
                <label key={f} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="fulfillment"
                    value={f}
                    checked={values.fulfillment === f}
                    onChange={set('fulfillment')}
                    className="accent-rose-600"
                  />
                  {f === 'pickup' ? 'Pickup' : 'Delivery'}
                </label>
              ))}
            </div>
          </fieldset>
          {values.fulfillment === 'delivery' && (
            <div className="sm:col-span-2">
              <Field id="q-address" label="Delivery address (BC)" error={err('deliveryAddress')}>
                <Input
                  autoComplete="street-address"
                  placeholder="88 Granville St, Vancouver, BC V6C 1T2"
                  value={values.deliveryAddress}
                  onChange={set('deliveryAddress')}
                  {...a11y('q-address', 'deliveryAddress')}
                />
              </Field>
            </div>
          )}
          <Field id="q-budget-min" label="Budget from ($, optional)" error={err('budgetMinCents')}>
            <Input
              inputMode="decimal"
              value={values.budgetMin}
              onChange={set('budgetMin')}
              {...a11y('q-budget-min', 'budgetMinCents')}
            />
          </Field>
          <Field id="q-budget-max" label="Budget to ($, optional)" error={err('budgetMaxCents')}>
            <Input
              inputMode="decimal"
              value={values.budgetMax}
              onChange={set('budgetMax')}
              {...a11y('q-budget-max', 'budgetMaxCents')}
            />
          </Field>
          <div className="sm:col-span-2">
            <Field id="q-notes" label="Notes for the vendors (optional)" error={err('notes')}>
              <Textarea rows={4} value={values.notes} onChange={set('notes')} {...a11y('q-notes', 'notes')} />
            </Field>
          </div>
        </Card>

        <Button type="submit" size="lg" disabled={create.isPending || chosen.length === 0}>
          {create.isPending
            ? 'Sending...'
            : chosen.length > 1
              ? `Send to ${chosen.length} Vendors`
              : 'Send Request'}
        </Button>
      </form>
    </div>
  );
}

/** Up to this many vendors are offered for one search. */
const SEARCH_RESULTS = 5;

/**
 * Find a vendor by name, specialty or place (the Browse Vendors search) and add them to the request;
 * approved vendors only, as Browse Vendors lists.
 */
function VendorSearch({
  listed,
  full,
  onAdd,
}: {
  listed: string[];
  full: boolean;
  onAdd: (vendor: Vendor) => void;
}) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  // Asks once the customer pauses typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ['vendors', 'quote-search', term],
    enabled: term.length >= 2,
    queryFn: ({ signal }) =>
      api<VendorList>(`/api/vendors?${new URLSearchParams({ q: term, limit: String(SEARCH_RESULTS) })}`, {
        signal,
      }),
  });
  const results = (search.data?.vendors ?? []).filter((v) => !listed.includes(v.id));
  return (
    <div className="space-y-2 border-t border-cocoa-900/10 pt-3">
      <SearchInput
        label="Find a vendor"
        placeholder="Find a vendor by name, specialty or city..."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {term.length >= 2 && (
        <div aria-live="polite">
          {search.isPending ? (
            <Spinner label="Searching" className="py-1" />
          ) : search.isError ? (
            <p className="text-sm text-rose-700">{search.error.message}</p>
          ) : results.length === 0 ? (
            <p className="text-sm text-cocoa-600">
              {search.data?.vendors.length
                ? 'They are already in your list.'
                : 'No vendors match that search.'}
            </p>
          ) : (
            <ul aria-label="Vendors found" className="divide-y divide-cocoa-900/8">
              {results.map((v) => (
                <li key={v.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 text-sm">
                    <span className="font-medium">{v.name}</span>
                    <span className="text-cocoa-500"> · {v.locationLabel}</span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={full}
                    aria-label={`Add ${v.name}`}
                    onClick={() => onAdd({ id: v.id, name: v.name })}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
