import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { customerSignUpSchema } from '../../shared/schemas/auth.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { InputField } from '../components/ui/field.tsx';
import { formFields } from '../components/ui/form-fields.ts';
import { authClient } from '../lib/auth-client.ts';

const schema = z
  .object({ password: customerSignUpSchema.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'The passwords do not match.', path: ['confirm'] });
type Values = z.infer<typeof schema>;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkError = params.get('error');
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema) });
  const { errors } = formState;
  const field = formFields('rp', register, errors);

  const onSubmit = async ({ password }: Values) => {
    if (!token) return;
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      toast.error(error.message || 'This reset link is no longer valid.');
      return;
    }
    toast.success('Your password has been changed. Please sign in.');
    navigate('/auth');
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-4xl font-semibold">Choose a new password</h1>
      <Card className="mt-8 p-6 sm:p-8">
        {!token || linkError ? (
          <div role="alert" className="text-center">
            <p className="text-cocoa-700">This reset link is invalid or has expired.</p>
            <Button asChild className="mt-5">
              <Link to="/forgot-password">Request a new link</Link>
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="space-y-5">
            <InputField
              label="New password"
              type="password"
              autoComplete="new-password"
              {...field('password')}
            />
            <InputField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              {...field('confirm')}
            />
            <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Saving...' : 'Change password'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
