import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LOCATIONS, SPECIALTIES } from '../../../shared/catalog.ts';
import {
  type VendorApplicationSubmitted,
  vendorSignUpSchema,
  type VendorSignUpInput,
} from '../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, formFields, InputField, SelectField } from '../../components/ui/field.tsx';
import { Options } from '../../components/ui/input.tsx';
import { ApiError, api } from '../../lib/api.ts';

export function VendorSignUpForm({ onRegistered }: { onRegistered: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm<VendorSignUpInput>({
    resolver: zodResolver(vendorSignUpSchema),
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (v: VendorSignUpInput) => {
    try {
      await api<VendorApplicationSubmitted>('/api/vendor-applications', { method: 'POST', json: v });
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
        <SelectField label="Specialty" defaultValue="" {...field('specialty')}>
          <option value="" disabled>
            Choose your specialty
          </option>
          <Options options={SPECIALTIES} />
        </SelectField>
      </div>
      <InputField label="Password" type="password" autoComplete="new-password" {...field('password')} />
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
