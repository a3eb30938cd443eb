import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LOCATIONS, SPECIALTIES, VENDOR_CATEGORIES } from '../../../shared/catalog.ts';
import {
  type VendorApplicationSubmitted,
  vendorSignUpSchema,
  type VendorSignUpInput,
} from '../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, InputField, SelectField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { Options } from '../../components/ui/input.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { ChoiceGroup } from '../vendor-admin/choice-group.tsx';

export function VendorSignUpForm({ onRegistered }: { onRegistered: () => void }) {
  const { register, handleSubmit, formState, setError, control } = useForm<VendorSignUpInput>({
    resolver: zodResolver(vendorSignUpSchema),
  });
  const category = useWatch({ control, name: 'category' });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (v: VendorSignUpInput) => {
    try {
      // The cake specialty only for a cake maker (a field hidden after a change of category may hold one).
      const body = { ...v, specialty: v.category === 'cakes' ? v.specialty : undefined };
      await api<VendorApplicationSubmitted>('/api/vendor-applications', { method: 'POST', json: body });
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) {
          setError(field as keyof VendorSignUpInput, { message });
        }
      }
      toast.error(err instanceof Error && err.message ? err.message : 'Vendor registration failed');
      return;
    }
    toast.success(
      `Application submitted! Confirm the e-mail we sent to ${v.email}, then sign in to follow your application.`,
    );
    setTimeout(onRegistered, 2000);
  };

  const err = (k: keyof VendorSignUpInput) => errors[k]?.message;
  const field = formFields('vr', register, errors);
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-5">
      <InputField label="Business name" autoComplete="organization" {...field('businessName')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Business email" type="email" autoComplete="email" {...field('email')} />
        <InputField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <InputField label="Business address" autoComplete="street-address" {...field('businessAddress')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Area" defaultValue="" {...field('location')}>
          <option value="" disabled>
            Choose your area
          </option>
          <Options options={LOCATIONS} />
        </SelectField>
        <SelectField label="What you mainly offer" defaultValue="" {...field('category')}>
          <option value="" disabled>
            Choose a category
          </option>
          <Options options={VENDOR_CATEGORIES} />
        </SelectField>
      </div>
      {(category === 'cakes' || !category) && (
        <SelectField label="Specialty" defaultValue="" {...field('specialty')}>
          <option value="" disabled>
            Choose your specialty
          </option>
          <Options options={SPECIALTIES} />
        </SelectField>
      )}
      <ChoiceGroup
        id="vr-otherCategories"
        legend="You also offer (optional)"
        type="checkbox"
        options={VENDOR_CATEGORIES.filter((c) => c.value !== category)}
        registration={register('otherCategories')}
        error={err('otherCategories')}
      />
      <InputField label="Password" type="password" autoComplete="new-password" {...field('password')} />
      <CheckboxField id="vr-age" error={err('confirmAge')} {...register('confirmAge')}>
        I am 18 or older.
      </CheckboxField>
      <CheckboxField id="vr-agree" error={err('acceptAgreement')} {...register('acceptAgreement')}>
        I agree to the Vendor Agreement and the{' '}
        <Link to="/terms" className="font-medium text-rose-600 underline">
          Terms of Service
        </Link>
        , including payment through Frosted only.
      </CheckboxField>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting application...' : 'Apply as Vendor'}
      </Button>
    </form>
  );
}
