import { MailCheck, MailWarning, MailX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UnsubscribeResult } from '../../shared/schemas/email.ts';
import { useUnsubscribe } from '../features/account/api.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError } from '../lib/api.ts';

const INVALID = 'This unsubscribe link is not valid. Change your e-mail settings in your account instead.';

/**
 * What to say when the link was turned down: the server names a bad token as a field error (the
 * answer's own message is the generic "check the highlighted fields", with no field on this page).
 */
const failure = (err: Error) =>
  err instanceof ApiError && (err.status === 400 || err.status === 404)
    ? (err.fields.token ?? INVALID)
    : err.message;

/**
 * Where the unsubscribe link of an e-mail leads: it unsubscribes at once (no sign-in: the link's
 * signed token says who and from what), and offers to undo it.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The last answer stays on screen when an undo fails (the mutation's data is cleared by then).
  const [result, setResult] = useState<UnsubscribeResult>();
  const change = useUnsubscribe(token, setResult);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    change.mutate(false);
  }, [token, change]);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-4xl font-semibold">E-mail settings</h1>
      <Card className="mt-8 p-6 text-center sm:p-8">
        {!token || (change.isError && !result) ? (
          <div role="alert">
            <MailWarning className="mx-auto size-10 text-rose-600" aria-hidden />
            <p className="mt-3 text-cocoa-700">{change.error ? failure(change.error) : INVALID}</p>
            <Button asChild className="mt-5">
              <Link to="/account#email-settings">Open my e-mail settings</Link>
            </Button>
          </div>
        ) : !result ? (
          <Spinner label="Updating your e-mail settings" />
        ) : (
          <div role="status" aria-live="polite">
            {result.subscribed ? (
              <MailCheck className="mx-auto size-10 text-sage-700" aria-hidden />
            ) : (
              <MailX className="mx-auto size-10 text-rose-600" aria-hidden />
            )}
            <h2 className="mt-3 text-2xl font-semibold">
              {result.subscribed ? 'You’re subscribed again' : 'You’re unsubscribed'}
            </h2>
            <p className="mt-2 text-cocoa-700">
              {result.subscribed
                ? `${result.email} will get “${result.label}” e-mails again.`
                : `${result.email} will no longer get “${result.label}” e-mails. Receipts and account e-mails are still sent.`}
            </p>
            {change.isError && (
              <p role="alert" className="mt-3 text-sm text-rose-700">
                {failure(change.error)}
              </p>
            )}
            <div className="mt-6 flex flex-col items-center gap-3">
              <Button
                variant={result.subscribed ? 'outline' : 'default'}
                disabled={change.isPending}
                onClick={() => change.mutate(!result.subscribed)}
              >
                {result.subscribed ? 'Unsubscribe again' : 'Subscribe again'}
              </Button>
              <Link
                to="/account#email-settings"
                className="text-sm font-medium text-rose-600 hover:underline"
              >
                Manage all e-mail settings
              </Link>
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
