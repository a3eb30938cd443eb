import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/errors.ts';
import { cn } from '../../lib/cn.ts';
import { useDesignQuota } from './api.ts';

/** Today's allowance beside the Generate buttons; refetched after every generation. */
export function QuotaLine({ className }: { className?: string }) {
  const { data } = useDesignQuota();
  if (!data) return <span className={className} />;
  const { limit, remaining, signedIn } = data;
  return (
    <p aria-live="polite" className={cn('text-sm text-cocoa-500', className)}>
      {remaining === 0 ? (
        <>
          {MESSAGES.designQuotaUsedUp(limit, signedIn)}
          {!signedIn && (
            <>
              {' '}
              <Link to="/auth" className="font-semibold text-rose-600 hover:underline">
                Sign in
              </Link>
            </>
          )}
        </>
      ) : (
        `${remaining} of ${limit} designs left today`
      )}
    </p>
  );
}
