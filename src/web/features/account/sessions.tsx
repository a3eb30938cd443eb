import { Monitor } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth-client.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { useRevokeSession, useSessions } from './api.ts';

/** A short description of the browser from its user agent. */
function device(ua: string | null | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'unknown system';
  return `${browser} on ${os}`;
}

export function Sessions() {
  const current = useSession();
  const list = useSessions();
  const revoke = useRevokeSession();
  const signOut = (token: string | 'others') =>
    revoke.mutate(token, {
      onSuccess: () => toast.success('Signed out.'),
      onError: (err) => toast.error(err.message),
    });
  const currentToken = current.data?.session.token;

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Where you are signed in</h2>
        <Button size="sm" variant="outline" onClick={() => signOut('others')} disabled={revoke.isPending}>
          Sign out other sessions
        </Button>
      </div>
      {list.isPending ? (
        <Spinner className="mt-4" label="Loading sessions" />
      ) : list.isError ? (
        <p role="alert" className="mt-4 text-rose-700">
          {list.error.message}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-cocoa-900/10">
          {list.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="flex items-center gap-3">
                <Monitor className="size-5 text-cocoa-400" aria-hidden />
                <span>
                  <span className="block font-medium">
                    {device(s.userAgent)}{' '}
                    {s.token === currentToken && <Badge variant="verified">this device</Badge>}
                  </span>
                  <span className="block text-sm text-cocoa-500">
                    {s.ipAddress ?? 'unknown address'} · signed in {formatDateTime(s.createdAt)}
                  </span>
                </span>
              </span>
              {s.token !== currentToken && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => signOut(s.token)}
                  disabled={revoke.isPending}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
