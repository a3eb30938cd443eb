import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { customerSignUpSchema } from '../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField, Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
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
  const err = (k: keyof Values) => formState.errors[k]?.message;
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
        <Field id="cp-current" label="Current password" error={err('currentPassword')}>
          <Input
            type="password"
            autoComplete="current-password"
            {...fieldA11y('cp-current', err('currentPassword'))}
            {...register('currentPassword')}
          />
        </Field>
        <Field id="cp-new" label="New password" error={err('newPassword')}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11y('cp-new', err('newPassword'))}
            {...register('newPassword')}
          />
        </Field>
        <Field id="cp-confirm" label="Confirm new password" error={err('confirm')}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11y('cp-confirm', err('confirm'))}
            {...register('confirm')}
          />
        </Field>
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
