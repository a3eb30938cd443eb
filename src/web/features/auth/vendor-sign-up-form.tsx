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
import { CheckboxField, Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input, NativeSelect } from '../../components/ui/input.tsx';
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
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-5">
      <Field id="vr-business" label="Business name" error={err('businessName')}>
        <Input
          autoComplete="organization"
          {...fieldA11y('vr-business', err('businessName'))}
          {...register('businessName')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="vr-email" label="Business email" error={err('email')}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldA11y('vr-email', err('email'))}
            {...register('email')}
          />
        </Field>
        <Field id="vr-phone" label="Phone" error={err('phone')}>
          <Input
            type="tel"
            autoComplete="tel"
            {...fieldA11y('vr-phone', err('phone'))}
            {...register('phone')}
          />
        </Field>
      </div>
      <Field id="vr-address" label="Business address" error={err('businessAddress')}>
        <Input
          autoComplete="street-address"
          {...fieldA11y('vr-address', err('businessAddress'))}
          {...register('businessAddress')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="vr-location" label="Area" error={err('location')}>
          <NativeSelect
            defaultValue=""
            {...fieldA11y('vr-location', err('location'))}
            {...register('location')}
          >
            <option value="" disabled>
              Choose your area
            </option>
            {LOCATIONS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="vr-specialty" label="Specialty" error={err('specialty')}>
          <NativeSelect
            defaultValue=""
            {...fieldA11y('vr-specialty', err('specialty'))}
            {...register('specialty')}
          >
            <option value="" disabled>
              Choose your specialty
            </option>
            {SPECIALTIES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id="vr-password" label="Password" error={err('password')}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldA11y('vr-password', err('password'))}
          {...register('password')}
        />
      </Field>
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
