import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  categoryLabel,
  DIETARY_OPTIONS,
  LOCATIONS,
  PRICE_TIERS,
  SPECIALTIES,
  priceTierLabel,
  VENDOR_CATEGORIES,
} from '../../../shared/catalog.ts';
import {
  DESCRIPTION_MAX,
  vendorProfileInputSchema,
  type OwnVendorProfile,
  type VendorProfileInput,
  type VendorProfileValues,
} from '../../../shared/schemas/vendor-profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, Field, fieldA11y, InputField, SelectField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { Options, Textarea } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSaveVendorProfile } from './api.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { OrderTermsFields } from './order-terms-fields.tsx';

const TIER_OPTIONS = PRICE_TIERS.map((t) => ({ value: String(t), label: priceTierLabel(t) }));

const toForm = (p: OwnVendorProfile): VendorProfileInput => ({
  businessName: p.businessName,
  businessAddress: p.businessAddress,
  phone: p.phone,
  location: p.location as VendorProfileInput['location'],
  // A vendor of another category has no cake specialty (its `specialty` is its category).
  specialty: p.category === 'cakes' ? (p.specialty as VendorProfileInput['specialty']) : undefined,
  specialties: p.specialties as VendorProfileInput['specialties'],
  otherCategories: p.categories.filter((c) => c !== p.category),
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
  gstNumber: p.gstNumber,
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
  const field = formFields('vp', register, formState.errors);
  const descriptionLength = (useWatch({ control, name: 'description' }) ?? '').length;
  // Cake specialties while the vendor sells cakes (its primary category or one ticked here).
  const others = useWatch({ control, name: 'otherCategories' });
  const bakes =
    profile.category === 'cakes' || (Array.isArray(others) ? others.includes('cakes') : others === 'cakes');

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
      <InputField label="Business name" autoComplete="organization" {...field('businessName')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Phone (private until an order is paid)"
          type="tel"
          autoComplete="tel"
          {...field('phone')}
        />
        <SelectField label="Area" {...field('location')}>
          <Options options={LOCATIONS} />
        </SelectField>
      </div>
      <InputField
        label="Business address (shown to customers after payment)"
        autoComplete="street-address"
        {...field('businessAddress')}
      />
      <ChoiceGroup
        id="vp-otherCategories"
        legend={`Besides ${categoryLabel(profile.category)}, you also offer`}
        hint="Customers find you on each of these category pages. Your verification checklist follows them."
        type="checkbox"
        options={VENDOR_CATEGORIES.filter((c) => c.value !== profile.category)}
        registration={register('otherCategories')}
        error={err('otherCategories')}
      />
      {profile.category === 'cakes' && (
        <SelectField label="Main specialty" {...field('specialty')}>
          <Options options={SPECIALTIES} />
        </SelectField>
      )}
      {bakes && (
        <ChoiceGroup
          id="vp-specialties"
          legend={profile.category === 'cakes' ? 'You also make' : 'Cakes you make'}
          hint="Customers find you under each of these specialties."
          type="checkbox"
          options={SPECIALTIES}
          registration={register('specialties')}
          error={err('specialties')}
        />
      )}
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
        <InputField
          label="Website (optional)"
          type="url"
          placeholder="https://"
          autoComplete="url"
          {...field('website')}
        />
        <InputField label="Instagram (optional)" placeholder="@yourbakery" {...field('instagram')} />
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
        <legend className="text-sm font-semibold text-cocoa-700">
          {profile.category === 'cakes'
            ? 'How customers receive their cake'
            : 'How customers receive your order'}
        </legend>
        <CheckboxField id="vp-pickup" error={err('offersPickup')} {...register('offersPickup')}>
          Pickup from my address
        </CheckboxField>
        <CheckboxField id="vp-delivery" {...register('offersDelivery')}>
          Delivery available
        </CheckboxField>
      </fieldset>
      <OrderTermsFields register={register} err={err} />
      <InputField
        label="GST/HST number (optional: printed on receipts and your fee invoices)"
        placeholder="123456789RT0001"
        autoComplete="off"
        {...field('gstNumber')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
