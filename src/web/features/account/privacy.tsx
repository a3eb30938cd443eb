import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { POLICIES } from '../../../shared/policies.ts';
import { CLOSE_CONFIRMATION_WORD } from '../../../shared/privacy.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { authClient, type SessionUser } from '../../lib/auth-client.ts';
import { useLinkedAccounts } from '../auth/api.ts';
import { useCloseAccount, useDownloadMyData } from './api.ts';

/** "Download my data": one JSON file of everything Frosted holds about the signed-in user. */
export function DownloadMyData() {
  const download = useDownloadMyData();
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold">Your data</h2>
      <p className="mt-2 text-sm text-cocoa-600">
        Download a copy of everything Frosted holds about you: your profile, sign-ins, designs, quote
        requests, orders and payments, messages, reviews, favourites and notifications, as one JSON file.
      </p>
      <Button
        className="mt-4"
        variant="outline"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: () => toast.success('Your data has been downloaded.'),
            onError: (err) => toast.error(err.message),
          })
        }
      >
        {download.isPending ? 'Preparing your data...' : 'Download my data'}
      </Button>
    </Card>
  );
}

/** What closing does, said before anyone confirms it. */
function Consequences({ vendor }: { vendor: boolean }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-cocoa-600">
      <li>You are signed out everywhere and cannot sign in to this account again.</li>
      <li>
        Your name, e-mail, phone, designs, favourites, notifications and event plans are removed; messages
        outside an order are erased.
      </li>
      {vendor && (
        <li>
          Your shop disappears from Browse, search and its page; your portfolio and packages are removed.
        </li>
      )}
      <li>
        Orders, payments, refunds and payouts are kept, without your name, for{' '}
        {POLICIES.dataRetentionYearsAfterClosure} years as the law requires, then deleted.
      </li>
      <li>You can sign up again later with the same e-mail, as a new account.</li>
    </ul>
  );
}

/** "Close my account": a dialog that says what happens and asks for the password (or the word). */
export function CloseAccount({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const accounts = useLinkedAccounts(user.id);
  const close = useCloseAccount();
  const navigate = useNavigate();
  const hasPassword = accounts.data?.some((a) => a.providerId === 'credential') ?? true;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFieldError(undefined);
    setRefusal(undefined);
    close.mutate(hasPassword ? { password: value } : { confirmation: value }, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Your account is closed. Thank you for using Frosted.');
        // The session is gone on the server; the app forgets it too.
        void authClient.signOut().finally(() => void navigate('/'));
      },
      onError: (err) => {
        const message =
          err instanceof ApiError ? (err.fields.password ?? err.fields.confirmation) : undefined;
        if (message) setFieldError(message);
        else setRefusal(err.message);
      },
    });
  };

  return (
    <Card className="border-red-200 p-6">
      <h2 className="text-xl font-semibold">Close my account</h2>
      <p className="mt-2 text-sm text-cocoa-600">
        Closing is permanent. Orders in progress must be completed or cancelled first
        {user.userType === 'vendor' ? ', and your balance paid out' : ''}.
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setValue('');
        }}
      >
        <DialogTrigger asChild>
          <Button
            className="mt-4 border-red-300 text-red-700 hover:border-red-500 hover:bg-red-50"
            variant="outline"
          >
            Close my account
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Close your account?"
          description="This cannot be undone. When you close your account:"
        >
          <Consequences vendor={user.userType === 'vendor'} />
          <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
            {hasPassword ? (
              <InputField
                id="close-password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                value={value}
                error={fieldError}
                onChange={(e) => setValue(e.target.value)}
              />
            ) : (
              <InputField
                id="close-confirmation"
                label={`Type ${CLOSE_CONFIRMATION_WORD} to confirm`}
                value={value}
                error={fieldError}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
            {refusal && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {refusal}
              </p>
            )}
            <Button type="submit" className="w-full bg-red-700 hover:bg-red-800" disabled={close.isPending}>
              {close.isPending ? 'Closing...' : 'Close my account permanently'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
