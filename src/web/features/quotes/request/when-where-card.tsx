import { addDays, vancouverDay } from '../../../../shared/time.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { DateAvailability } from '../../calendar/date-availability.tsx';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';
import type { RequestVendor } from './vendor-search.tsx';

/**
 * "When and where": the event's day and time (with the chosen vendors' availability that day),
 * pickup or delivery, the budget and notes.
 */
export function WhenWhereCard({ form, vendors }: { form: QuoteRequestFormState; vendors: RequestVendor[] }) {
  const { values, setValues, set, err, a11y, chosen } = form;
  return (
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
  );
}
