import { venueTimeLabel } from '../../../../shared/event-request.ts';
import { addDays, vancouverDay } from '../../../../shared/time.ts';
import { Card } from '../../../components/ui/card.tsx';
import { InputField, TextareaField } from '../../../components/ui/field.tsx';
import { DateAvailability } from '../../calendar/date-availability.tsx';
import type { QuoteRequestFormState } from './use-quote-request-form.ts';
import type { RequestVendor } from './vendor-search.tsx';

/**
 * "When and where": the event's day and time (with the chosen vendors' availability that day), pickup
 * or delivery of a cake or the venue an event vendor comes to, the budget and notes.
 */
export function WhenWhereCard({
  state,
  vendors,
}: {
  state: QuoteRequestFormState;
  vendors: RequestVendor[];
}) {
  const { field, form, chosen, category, fulfillment, eventDate } = state;
  const cake = category === 'cakes';
  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-2">
      <h2 className="text-xl font-semibold sm:col-span-2">When and where</h2>
      <InputField
        label="Event date"
        type="date"
        min={vancouverDay(addDays(new Date(), 0))}
        {...field('eventDate')}
      />
      <InputField label={cake ? 'Needed by' : venueTimeLabel(category)} type="time" {...field('eventTime')} />
      <DateAvailability
        vendors={vendors.filter((v) => chosen.includes(v.id))}
        date={eventDate}
        onPickDate={(day) =>
          form.setValue('brief.eventDate', day, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
      />
      {cake ? (
        <>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-semibold text-cocoa-700">Delivery or pickup</legend>
            <div className="flex gap-6">
              {(['pickup', 'delivery'] as const).map((f) => (
                <label key={f} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={f}
                    {...form.register('brief.fulfillment')}
                    className="accent-rose-600"
                  />
                  {f === 'pickup' ? 'Pickup' : 'Delivery'}
                </label>
              ))}
            </div>
          </fieldset>
          {fulfillment === 'delivery' && (
            <div className="sm:col-span-2">
              <InputField
                label="Delivery address (BC)"
                autoComplete="street-address"
                placeholder="88 Granville St, Vancouver, BC V6C 1T2"
                {...field('deliveryAddress')}
              />
            </div>
          )}
        </>
      ) : (
        <div className="sm:col-span-2">
          <InputField
            label="Venue address (BC)"
            autoComplete="street-address"
            placeholder="1489 McRae Ave, Vancouver, BC V6H 1V1"
            {...field('venueAddress')}
          />
        </div>
      )}
      <InputField label="Budget from ($, optional)" inputMode="decimal" {...field('budgetMinCents')} />
      <InputField label="Budget to ($, optional)" inputMode="decimal" {...field('budgetMaxCents')} />
      <div className="sm:col-span-2">
        <TextareaField label="Notes for the vendors (optional)" rows={4} {...field('notes')} />
      </div>
    </Card>
  );
}
