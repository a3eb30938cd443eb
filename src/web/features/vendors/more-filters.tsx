import type { ReactNode } from 'react';
import { DIETARY_OPTIONS, PRICE_TIERS, priceTierLabel } from '../../../shared/catalog.ts';
import { MIN_RATINGS, type VendorFilters } from '../../../shared/schemas/vendors.ts';
import { vancouverDay } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';

const TIER_NAMES = ['Budget-friendly', 'Moderate', 'Premium', 'Luxury'];
const legend = 'mb-3 text-sm font-semibold text-cocoa-700';
const chip =
  'flex cursor-pointer items-center gap-2 rounded-xl border border-cocoa-900/15 px-3 py-2.5 text-sm has-[:checked]:border-rose-400 has-[:checked]:bg-rose-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-500';

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * The event date, from today in Vancouver. Its own component so that today is worked out when the
 * dialog opens, not on every render of the page behind it: the first time zone formatter costs a phone
 * tens of milliseconds while Browse Vendors starts.
 */
function EventDateInput({
  value,
  onChange,
}: {
  value?: string;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <Input
      id="browse-available-on"
      type="date"
      min={vancouverDay(new Date())}
      value={value ?? ''}
      aria-describedby="browse-available-on-hint"
      onChange={(e) => onChange(/^\d{4}-\d{2}-\d{2}$/.test(e.target.value) ? e.target.value : undefined)}
    />
  );
}

/**
 * More Filters: the event date (vendors available that day), dietary capability, price tier,
 * minimum rating and delivery. Each choice applies at
 * once (the list behind updates); the footer button closes the dialog showing the new count.
 */
export function MoreFilters({
  filters,
  onChange,
  total,
  children,
}: {
  filters: VendorFilters;
  onChange: (change: Partial<VendorFilters>) => void;
  total: number | null;
  children: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent title="More Filters" description="Narrow the list to vendors who fit your event.">
        <div className="space-y-6">
          <div>
            <label htmlFor="browse-available-on" className={cn(legend, 'block')}>
              Available on
            </label>
            <div className="flex gap-2">
              <EventDateInput
                value={filters.availableOn}
                onChange={(availableOn) => onChange({ availableOn })}
              />
              {filters.availableOn && (
                <Button variant="ghost" onClick={() => onChange({ availableOn: undefined })}>
                  Any date
                </Button>
              )}
            </div>
            <p id="browse-available-on-hint" className="mt-1.5 text-xs text-cocoa-600">
              Vendors with room that day, enough notice and no day off.
            </p>
          </div>
          <fieldset>
            <legend className={legend}>Dietary options</legend>
            <div className="grid grid-cols-2 gap-2">
              {DIETARY_OPTIONS.map((d) => (
                <label key={d.value} className={chip}>
                  <input
                    type="checkbox"
                    className="size-4 accent-rose-600"
                    checked={filters.dietary.includes(d.value)}
                    onChange={() => onChange({ dietary: toggle(filters.dietary, d.value) })}
                  />
                  {d.label}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className={legend}>Price tier</legend>
            <div className="grid grid-cols-2 gap-2">
              {PRICE_TIERS.map((t) => (
                <label key={t} className={cn(chip, 'flex-col gap-0.5 text-center')}>
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={filters.tier.includes(t)}
                    onChange={() => onChange({ tier: toggle(filters.tier, t) })}
                  />
                  <span className="font-semibold" aria-hidden>
                    {priceTierLabel(t)}
                  </span>
                  <span className="text-xs text-cocoa-600">
                    {TIER_NAMES[t - 1]}
                    <span className="sr-only"> ({priceTierLabel(t).length} of 4)</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className={legend}>Minimum rating</legend>
            <div className="grid grid-cols-3 gap-2">
              {[undefined, ...MIN_RATINGS].map((r) => (
                <label key={r ?? 'any'} className={cn(chip, 'justify-center')}>
                  <input
                    type="radio"
                    name="min-rating"
                    className="sr-only"
                    checked={filters.minRating === r}
                    onChange={() => onChange({ minRating: r })}
                  />
                  {r === undefined ? 'Any' : `${r}+ stars`}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className={legend}>Delivery</legend>
            <label className={chip}>
              <input
                type="checkbox"
                className="size-4 accent-rose-600"
                checked={filters.delivery === true}
                onChange={(e) => onChange({ delivery: e.target.checked ? true : undefined })}
              />
              Delivery available
            </label>
          </fieldset>
        </div>
        <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button
            variant="ghost"
            onClick={() =>
              onChange({
                dietary: [],
                tier: [],
                minRating: undefined,
                delivery: undefined,
                availableOn: undefined,
              })
            }
          >
            Clear all
          </Button>
          <DialogClose asChild>
            <Button>
              {total === null ? 'Show vendors' : `Show ${total} ${total === 1 ? 'vendor' : 'vendors'}`}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
