import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { customerSignUpSchema, type CustomerSignUpInput } from '../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField, InputField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorMessage, authFieldErrors } from './auth-errors.ts';
import { useServerConfig } from './api.ts';

/** The server checks Better Auth's `name` (first and last name together); this form shows it at the first name. */
const FORM_FIELD: Record<string, keyof CustomerSignUpInput> = {
  name: 'firstName',
  ageConfirmed: 'confirmAge',
};

export function CustomerSignUpForm({ onRegistered }: { onRegistered: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm<CustomerSignUpInput>({
    resolver: zodResolver(customerSignUpSchema),
  });
  const { errors, isSubmitting } = formState;
  const { data: config } = useServerConfig();

  const onSubmit = async (v: CustomerSignUpInput) => {
    const { error } = await authClient.signUp.email({
      email: v.email,
      password: v.password,
      name: `${v.firstName} ${v.lastName}`,
      firstName: v.firstName,
      lastName: v.lastName,
      phone: v.phone || undefined,
      ageConfirmed: v.confirmAge,
      callbackURL: '/auth?verified=1',
    } as Parameters<typeof authClient.signUp.email>[0]);
    if (error) {
      for (const [field, message] of Object.entries(authFieldErrors(error))) {
        setError(FORM_FIELD[field] ?? (field as keyof CustomerSignUpInput), { message });
      }
      toast.error(
        authErrorMessage(error, {
          fallback: 'Registration failed',
          publicUrl: config?.publicUrl,
          action: 'create your account',
        }),
      );
      return;
    }
    toast.success(
      `Check your e-mail! We sent a message to ${v.email}: follow its link to confirm your account, then sign in.`,
    );
    setTimeout(onRegistered, 2000);
  };

  const err = (k: keyof CustomerSignUpInput) => errors[k]?.message;
  const field = formFields('cr', register, errors);
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="First name" autoComplete="given-name" {...field('firstName')} />
        <InputField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <InputField label="Email" type="email" autoComplete="email" {...field('email')} />
      <InputField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
      <InputField label="Password" type="password" autoComplete="new-password" {...field('password')} />
      <CheckboxField id="cr-age" error={err('confirmAge')} {...register('confirmAge')}>
        I am 18 or older.
      </CheckboxField>
      <CheckboxField id="cr-terms" error={err('acceptTerms')} {...register('acceptTerms')}>
        I agree to the{' '}
        <Link to="/terms" className="font-medium text-rose-600 underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="font-medium text-rose-600 underline">
          Privacy Policy
        </Link>
        .
      </CheckboxField>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
