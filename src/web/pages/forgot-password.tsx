import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { signInSchema } from '../../shared/schemas/auth.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { InputField } from '../components/ui/field.tsx';
import { formFields } from '../components/ui/form-fields.ts';
import { authClient } from '../lib/auth-client.ts';
import { DemoModeBanner } from '../features/auth/demo-mode-banner.tsx';

const schema = z.object({ email: signInSchema.shape.email });
type Values = z.infer<typeof schema>;

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema) });
  const field = formFields('fp', register, formState.errors);

  const onSubmit = async ({ email }: Values) => {
    const { error: err } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    if (err) {
      toast.error(err.message || 'Something went wrong. Please try again.');
      return;
    }
    setSentTo(email);
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-4xl font-semibold">Forgot your password?</h1>
      <div className="mt-8">
        <DemoModeBanner />
      </div>
      <Card className="mt-4 p-6 sm:p-8">
        {sentTo ? (
          <div role="status" className="text-center">
            <MailCheck className="mx-auto size-10 text-sage-500" aria-hidden />
            <p className="mt-3 text-cocoa-700">
              If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset the password.
              The link works once and expires in one hour.
            </p>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-5">
            <p className="text-cocoa-600">
              Enter the e-mail you signed up with and we will send you a reset link.
            </p>
            <InputField label="Email" type="email" autoComplete="email" {...field('email')} />
            <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/auth" className="font-medium text-rose-600 hover:underline">
            Back to sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}
