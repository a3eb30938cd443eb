import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  DIETARY_OPTIONS,
  LOCATIONS,
  PRICE_TIERS,
  SPECIALTIES,
  priceTierLabel,
} from '../../../shared/catalog.ts';
import {
  LEAD_TIME_MAX_DAYS,
  ORDERS_PER_DAY_MAX,
  CHANGE_CUTOFF_HOURS_MAX,
  DESCRIPTION_MAX,
  vendorProfileInputSchema,
  type OwnVendorProfile,
  type VendorProfileInput,
  type VendorProfileValues,
} from '../../../shared/schemas/vendor-profile.ts';
import { BALANCE_DUE_DAYS_MAX, BALANCE_DUE_DAYS_MIN, DEPOSIT_PERCENT_MAX } from '../../../shared/deposits.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input, NativeSelect, Textarea } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSaveVendorProfile } from './api.ts';
import { ChoiceGroup } from './choice-group.tsx';

const TIER_OPTIONS = PRICE_TIERS.map((t) => ({ value: String(t), label: priceTierLabel(t) }));

const toForm = (p: OwnVendorProfile): VendorProfileInput => ({
  businessName: p.businessName,
  businessAddress: p.businessAddress,
  phone: p.phone,
  location: p.location as VendorProfileInput['location'],
  specialty: p.specialty as VendorProfileInput['specialty'],
  specialties: p.specialties as VendorProfileInput['specialties'],
  description: p.description,
  website: p.website,
  instagram: p.instagram,
  priceTier: String(p.priceTier),
  dietaryOptions: p.dietaryOptions as VendorProfileInput['dietaryOptions'],
  offersDelivery: p.offersDelivery,
  offersPickup: p.offersPickup,
  cancellationRefundPercent: p.cancellationRefundPercent,
  leadTimeDays: p.leadTimeDays,
  ordersPerDay: p.ordersPerDay,
  depositPercent: p.depositPercent,
  balanceDueDays: p.balanceDueDays,
  changeCutoffHours: p.changeCutoffHours,
});

/** Edit Profile: every field customers see or filter on, checked with the server's own schema. */
export function VendorProfileForm({ profile, onSaved }: { profile: OwnVendorProfile; onSaved: () => void }) {
  const save = useSaveVendorProfile();
  const { register, handleSubmit, formState, setError, control } = useForm<
    VendorProfileInput,
    unknown,
    VendorProfileValues
  >({ resolver: zodResolver(vendorProfileInputSchema), defaultValues: toForm(profile) });
  const err = (k: keyof VendorProfileInput) => formState.errors[k]?.message;
  const descriptionLength = (useWatch({ control, name: 'description' }) ?? '').length;

  const onSubmit = (values: VendorProfileValues) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success('Profile saved');
        onSaved();
      },
      onError: (e) => {
        if (e instanceof ApiError)
          for (const [f, m] of Object.entries(e.fields))
            setError(f as keyof VendorProfileInput, { message: m });
        toast.error(e.message);
      },
    });

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-6">
      <Field id="vp-name" label="Business name" error={err('businessName')}>
        <Input
          autoComplete="organization"
          {...fieldA11y('vp-name', err('businessName'))}
          {...register('businessName')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="vp-phone" label="Phone (private until an order is paid)" error={err('phone')}>
          <Input
            type="tel"
            autoComplete="tel"
            {...fieldA11y('vp-phone', err('phone'))}
            {...register('phone')}
          />
        </Field>
        <Field id="vp-location" label="Area" error={err('location')}>
          <NativeSelect {...fieldA11y('vp-location', err('location'))} {...register('location')}>
            {LOCATIONS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field
        id="vp-address"
        label="Business address (shown to customers after payment)"
        error={err('businessAddress')}
      >
        <Input
          autoComplete="street-address"
          {...fieldA11y('vp-address', err('businessAddress'))}
          {...register('businessAddress')}
        />
      </Field>
      <Field id="vp-specialty" label="Main specialty" error={err('specialty')}>
        <NativeSelect {...fieldA11y('vp-specialty', err('specialty'))} {...register('specialty')}>
          {SPECIALTIES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <ChoiceGroup
        id="vp-specialties"
        legend="You also make"
        hint="Customers find you under each of these specialties."
        type="checkbox"
        options={SPECIALTIES}
        registration={register('specialties')}
        error={err('specialties')}
      />
      <Field id="vp-description" label="Description" error={err('description')}>
        <Textarea
          rows={5}
          {...fieldA11y('vp-description', err('description'))}
          {...register('description')}
        />
        <p className="text-right text-xs text-cocoa-500" aria-live="polite">
          {descriptionLength} / {DESCRIPTION_MAX}
        </p>
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="vp-website" label="Website (optional)" error={err('website')}>
          <Input
            type="url"
            placeholder="https://"
            autoComplete="url"
            {...fieldA11y('vp-website', err('website'))}
            {...register('website')}
          />
        </Field>
        <Field id="vp-instagram" label="Instagram (optional)" error={err('instagram')}>
          <Input
            placeholder="@yourbakery"
            {...fieldA11y('vp-instagram', err('instagram'))}
            {...register('instagram')}
          />
        </Field>
      </div>
      <ChoiceGroup
        id="vp-tier"
        legend="Price tier"
        hint="$ is budget-friendly, $$$$ is premium."
        type="radio"
        options={TIER_OPTIONS}
        registration={register('priceTier')}
        error={err('priceTier')}
      />
      <ChoiceGroup
        id="vp-dietary"
        legend="Dietary needs you can accommodate"
        type="checkbox"
        options={DIETARY_OPTIONS}
        registration={register('dietaryOptions')}
        error={err('dietaryOptions')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-cocoa-700">How customers receive their cake</legend>
        <CheckboxField id="vp-pickup" error={err('offersPickup')} {...register('offersPickup')}>
          Pickup from my address
        </CheckboxField>
        <CheckboxField id="vp-delivery" {...register('offersDelivery')}>
          Delivery available
        </CheckboxField>
      </fieldset>
      <Field
        id="vp-refund"
        label="Refund for cancellations within 48 hours of delivery (%)"
        error={err('cancellationRefundPercent')}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          className="block max-w-32"
          {...fieldA11y('vp-refund', err('cancellationRefundPercent'))}
          {...register('cancellationRefundPercent')}
        />
        <p className="text-xs text-cocoa-500">
          Per the Terms, cancellations more than 48 hours before delivery are always refunded in full.
        </p>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="vp-lead-time" label="Lead time (days of notice you need)" error={err('leadTimeDays')}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={LEAD_TIME_MAX_DAYS}
            step={1}
            className="block max-w-32"
            {...fieldA11y('vp-lead-time', err('leadTimeDays'))}
            {...register('leadTimeDays')}
          />
          <p className="text-xs text-cocoa-500">Customers see on your page how much notice you need.</p>
        </Field>
        <Field id="vp-per-day" label="Orders you take per day" error={err('ordersPerDay')}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={ORDERS_PER_DAY_MAX}
            step={1}
            className="block max-w-32"
            {...fieldA11y('vp-per-day', err('ordersPerDay'))}
            {...register('ordersPerDay')}
          />
          <p className="text-xs text-cocoa-500">The most orders you can make for one day.</p>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="vp-deposit" label="Deposit (%)" error={err('depositPercent')}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={DEPOSIT_PERCENT_MAX}
            step={1}
            className="block max-w-32"
            {...fieldA11y('vp-deposit', err('depositPercent'))}
            {...register('depositPercent')}
          />
          <p className="text-xs text-cocoa-500">
            Taken when a quote is accepted; 0 means customers pay in full.
          </p>
        </Field>
        <Field id="vp-balance-days" label="Balance due (days before the event)" error={err('balanceDueDays')}>
          <Input
            type="number"
            inputMode="numeric"
            min={BALANCE_DUE_DAYS_MIN}
            max={BALANCE_DUE_DAYS_MAX}
            step={1}
            className="block max-w-32"
            {...fieldA11y('vp-balance-days', err('balanceDueDays'))}
            {...register('balanceDueDays')}
          />
          <p className="text-xs text-cocoa-500">
            Charged automatically to the customer’s saved card; events sooner are paid in full.
          </p>
        </Field>
        <Field id="vp-cutoff" label="Design changes close (hours before)" error={err('changeCutoffHours')}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={CHANGE_CUTOFF_HOURS_MAX}
            step={1}
            className="block max-w-32"
            {...fieldA11y('vp-cutoff', err('changeCutoffHours'))}
            {...register('changeCutoffHours')}
          />
          <p className="text-xs text-cocoa-500">After this, the customer can only approve your proof.</p>
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
