import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { signInSchema, type SignInInput } from '../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { authClient, dashboardPath, type SessionUser } from '../../lib/auth-client.ts';
import { safeNextPath } from '../../lib/safe-next.ts';
import { authErrorMessage } from './auth-errors.ts';
import { useServerConfig } from './api.ts';

export function SignInForm({ idPrefix }: { idPrefix: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: config } = useServerConfig();
  const { register, handleSubmit, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  const { errors, isSubmitting, isSubmitSuccessful } = formState;

  const onSubmit = async (values: SignInInput) => {
    // An unverified account is sent a fresh confirmation link, at most one every few minutes
    // (it returns to /auth?verified=1).
    const { data, error } = await authClient.signIn.email(values);
    if (error || !data) {
      toast.error(
        error?.code === 'EMAIL_NOT_VERIFIED'
          ? 'Please confirm your e-mail first: follow the link we e-mailed you. We send a new one at most every 5 minutes.'
          : authErrorMessage(error, {
              fallback: 'Sign in failed',
              publicUrl: config?.publicUrl,
              action: 'sign in',
            }),
      );
      throw new Error('sign-in failed'); // keeps isSubmitSuccessful false
    }
    toast.success('Welcome back! Taking you to your dashboard...');
    // Only a path of this site is followed after sign-in; anything else goes to the dashboard.
    const to = safeNextPath(params.get('next')) ?? dashboardPath(data.user as SessionUser);
    await new Promise((r) => setTimeout(r, 1000));
    navigate(to);
  };

  const field = formFields(idPrefix, register, errors);
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e).catch(() => {})} className="space-y-5">
      <InputField label="Email" type="email" autoComplete="email" {...field('email')} />
      <InputField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm font-medium text-rose-600 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting || isSubmitSuccessful}>
        {isSubmitting || isSubmitSuccessful ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
