import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AGE_CONFIRMATION_MESSAGE } from '../../../shared/privacy.ts';
import { POLICIES } from '../../../shared/policies.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { useConfirmAge } from './api.ts';

/**
 * Asked once of an account that has not confirmed its age (a first sign-in with Google): Frosted's
 * members are 18 or older (Terms). Until then the server refuses the account's requests (403).
 */
export function AgeGate({ onConfirmed }: { onConfirmed: () => void }) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const confirm = useConfirmAge();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!checked) return setError(AGE_CONFIRMATION_MESSAGE);
    confirm.mutate(undefined, {
      onSuccess: onConfirmed,
      onError: (err) => toast.error(err.message),
    });
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">One more step</h1>
        <p className="mt-3 text-cocoa-600">
          Frosted is for people {POLICIES.minimumAgeYears} or older. Please confirm your age to continue.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <CheckboxField
            id="age-confirm"
            error={error}
            checked={checked}
            onChange={(e) => {
              setChecked(e.target.checked);
              setError(undefined);
            }}
          >
            I am {POLICIES.minimumAgeYears} or older.
          </CheckboxField>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Saving...' : 'Continue'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => void authClient.signOut()}>
              Sign out
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
