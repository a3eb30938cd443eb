import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { customerSignUpSchema } from '../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField, InputField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { useChangePassword } from './api.ts';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    newPassword: customerSignUpSchema.shape.password,
    confirm: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirm, { message: 'The passwords do not match.', path: ['confirm'] });
type Values = z.infer<typeof schema>;

export function ChangePassword() {
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { revokeOtherSessions: true },
  });
  const field = formFields('cp', register, formState.errors);
  const onSubmit = async ({ currentPassword, newPassword, revokeOtherSessions }: Values) => {
    const { error } = await change.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
    if (error) {
      if (error.code === 'INVALID_PASSWORD')
        setError('currentPassword', { message: 'Your current password is not correct.' });
      else toast.error(error.message || 'Could not change the password.');
      return;
    }
    toast.success('Your password has been changed.');
    reset({ currentPassword: '', newPassword: '', confirm: '', revokeOtherSessions: true });
  };
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold">Change password</h2>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="mt-4 space-y-4">
        <InputField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <InputField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirm')}
        />
        <CheckboxField id="cp-revoke" {...register('revokeOtherSessions')}>
          Sign out my other devices
        </CheckboxField>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
