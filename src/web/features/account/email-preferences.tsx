import { toast } from 'sonner';
import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS } from '../../../shared/schemas/email.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEmailPreferences, useSaveEmailPreference } from './api.ts';

/** E-mail on or off per category; each change is saved at once. Receipts can't be switched off. */
export function EmailPreferences() {
  const prefs = useEmailPreferences();
  const save = useSaveEmailPreference({
    onSaved: (category, on) =>
      toast.success(`“${EMAIL_CATEGORY_LABELS[category].label}” e-mails are ${on ? 'on' : 'off'}.`),
    onFailed: (err) => toast.error(err.message),
  });

  return (
    <Card className="scroll-mt-24 p-6" id="email-settings">
      <h2 className="text-xl font-semibold">E-mail notifications</h2>
      <p className="mt-1 text-sm text-cocoa-600">
        Choose what we e-mail you about. Payment receipts, refunds, payouts and account e-mails are always
        sent.
      </p>
      {prefs.isPending ? (
        <Spinner className="mt-4" label="Loading your e-mail settings" />
      ) : prefs.isError ? (
        <LoadError className="mt-4" message={prefs.error.message} onRetry={() => void prefs.refetch()} />
      ) : (
        <ul className="mt-4 divide-y divide-cocoa-900/10">
          {EMAIL_CATEGORIES.map((category) => {
            const { label, description } = EMAIL_CATEGORY_LABELS[category];
            const id = `email-pref-${category}`;
            return (
              <li key={category} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <label htmlFor={id} className="block cursor-pointer font-medium">
                    {label}
                  </label>
                  <p id={`${id}-hint`} className="text-sm text-cocoa-600">
                    {description}
                  </p>
                </div>
                {/* A native checkbox drawn as a switch: a track, and a knob that slides when it is on. */}
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  aria-describedby={`${id}-hint`}
                  className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-cocoa-400 transition-colors duration-150 before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:duration-150 checked:bg-rose-600 checked:before:translate-x-5 motion-reduce:transition-none motion-reduce:before:transition-none"
                  checked={prefs.data[category]}
                  onChange={(e) => save.mutate({ [category]: e.target.checked })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
