import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { POLICIES } from '../../../shared/policies.ts';
import { Button } from '../../components/ui/button.tsx';

/** Replaces the contact form once the message is stored; takes focus so the confirmation is read out. */
export function SentPanel({
  name,
  email,
  onAnother,
}: {
  name: string;
  email: string;
  onAnother: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The panel is shorter than the form it replaces: bring it into view, then announce it by focus.
    panel.current?.scrollIntoView({ block: 'center' });
    title.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      ref={panel}
      role="status"
      className="mx-auto max-w-2xl rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:p-12"
    >
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-sage-100">
        <CheckCircle2 className="size-9 text-sage-700" aria-hidden />
      </span>
      <h2 ref={title} tabIndex={-1} className="mt-5 text-2xl font-semibold focus:outline-none sm:text-3xl">
        Thanks, {name}! Your message has been sent.
      </h2>
      <p className="mt-3 leading-relaxed text-cocoa-600">
        We reply within {POLICIES.supportEmailReplyHours} hours to{' '}
        <strong className="break-all font-semibold text-cocoa-900">{email}</strong>.
      </p>
      <Button variant="outline" className="mt-8" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}
