import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GOOGLE_MESSAGES, googleErrorMessage } from '../../shared/google.ts';
import { GoogleSetupChecklist } from '../features/auth/google-button.tsx';
import { Button } from '../components/ui/button.tsx';
import { dashboardPath, type SessionUser, useSession } from '../lib/auth-client.ts';

/** Where an outside sign-in returns: completing, then success (to the dashboard after 2 s) or failure. */
export default function AuthCallbackPage() {
  const { data, isPending, error } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const failure = params.get('error');
  const user = failure ? undefined : (data?.user as SessionUser | undefined);
  const failureMessage = failure ? googleErrorMessage(failure, params.get('error_description')) : null;
  const configProblem =
    failureMessage === GOOGLE_MESSAGES.invalidCredentials ||
    failureMessage === GOOGLE_MESSAGES.redirectMismatch;

  useEffect(() => {
    if (!user) return;
    const timer = window.setTimeout(() => navigate(dashboardPath(user), { replace: true }), 2000);
    return () => window.clearTimeout(timer);
  }, [user, navigate]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center" aria-live="polite">
      {isPending && !failure ? (
        <>
          <Loader2 className="size-12 animate-spin text-rose-500" aria-hidden />
          <h1 className="mt-4 text-3xl font-semibold">Completing sign in...</h1>
        </>
      ) : user ? (
        <>
          <CheckCircle2 className="size-12 text-sage-500" aria-hidden />
          <h1 className="mt-4 text-3xl font-semibold">You are signed in</h1>
          <p className="mt-2 text-cocoa-600">Taking you to your dashboard...</p>
        </>
      ) : (
        <>
          <XCircle className="size-12 text-rose-500" aria-hidden />
          <h1 className="mt-4 text-3xl font-semibold">Sign in failed</h1>
          {configProblem ? (
            <div className="mt-4">
              <GoogleSetupChecklist message={failureMessage!} />
            </div>
          ) : (
            <p className="mt-2 text-cocoa-600">{failureMessage ?? (error?.message || 'No session found')}</p>
          )}
          <Button asChild className="mt-6">
            <Link to="/auth">Try again</Link>
          </Button>
        </>
      )}
    </div>
  );
}
