import { useState } from 'react';
import { toast } from 'sonner';
import { GOOGLE_MESSAGES } from '../../../shared/google.ts';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/api.ts';
import { useServerConfig } from './api.ts';

/** The setup checklist shown when Google sign-in is not configured or fails for configuration reasons. */
export function GoogleSetupChecklist({
  message,
  redirectUri,
}: {
  message: string;
  redirectUri?: string | undefined;
}) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-rose-200 bg-rose-50 p-4 text-left text-sm text-cocoa-700"
    >
      <p className="font-semibold text-rose-700">{message}</p>
      <ol className="mt-3 list-decimal space-y-1 pl-5">
        <li>Create an OAuth client (type Web application) in the Google Cloud console.</li>
        <li>
          Add <code className="break-all">{redirectUri ?? '<your site>/api/auth/callback/google'}</code> to
          its authorized redirect URIs.
        </li>
        <li>
          Set <code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code> on the server and restart
          it.
        </li>
      </ol>
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

export function GoogleButton() {
  const config = useServerConfig();
  const [showSetup, setShowSetup] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    if (!config.data?.google) {
      setShowSetup(true);
      return;
    }
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>('/api/auth/sign-in/social', {
        method: 'POST',
        json: {
          provider: 'google',
          callbackURL: '/auth/callback',
          errorCallbackURL: '/auth/callback',
          newUserCallbackURL: '/auth/callback',
        },
      });
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      toast.error(
        err instanceof Error && err.message ? `Google OAuth Error: ${err.message}` : GOOGLE_MESSAGES.fallback,
      );
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-cocoa-400">
        <span className="h-px flex-1 bg-cocoa-900/10" /> or <span className="h-px flex-1 bg-cocoa-900/10" />
      </div>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => void start()}
        disabled={busy || config.isPending}
      >
        <GoogleLogo /> {busy ? 'Redirecting to Google...' : 'Continue with Google'}
      </Button>
      {showSetup && (
        <GoogleSetupChecklist
          message={GOOGLE_MESSAGES.notConfigured}
          redirectUri={config.data?.googleRedirectUri}
        />
      )}
    </div>
  );
}
