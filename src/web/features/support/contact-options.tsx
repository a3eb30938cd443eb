import { Mail, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { POLICIES, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../shared/policies.ts';
import { Button } from '../../components/ui/button.tsx';

/** An RFC 3966 telephone link: `1-604-555-0199` becomes `tel:+16045550199`. */
const telHref = `tel:+${SUPPORT_PHONE.replace(/\D/g, '')}`;

/**
 * The three ways to reach us. Frosted has no live chat system, so Live Chat opens the contact form,
 * and says plainly that replies come by e-mail during support hours.
 */
export function ContactOptions({ onChat }: { onChat: () => void }) {
  const cards: { icon: LucideIcon; title: string; availability: string; text: string; action: ReactNode }[] =
    [
      {
        icon: MessageCircle,
        title: 'Live Chat',
        availability: `Available ${POLICIES.supportHours}`,
        text: 'Write to our support team here; a person replies by e-mail during support hours.',
        action: <Button onClick={onChat}>Start a conversation</Button>,
      },
      {
        icon: Mail,
        title: 'Email',
        availability: `Reply within ${POLICIES.supportEmailReplyHours} hours`,
        text: 'Send details, photos or an order number and we will get back to you.',
        action: (
          <Button asChild variant="outline">
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </Button>
        ),
      },
      {
        icon: Phone,
        title: 'Phone',
        availability: POLICIES.supportHours,
        text: 'Talk to a person about an order that cannot wait.',
        action: (
          <Button asChild variant="outline">
            <a href={telHref}>{SUPPORT_PHONE}</a>
          </Button>
        ),
      },
    ];

  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {cards.map(({ icon: Icon, title, availability, text, action }) => (
        <li
          key={title}
          className="flex flex-col rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:p-7"
        >
          <span className="flex size-12 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
            <Icon className="size-6" aria-hidden />
          </span>
          <h2 className="mt-5 text-xl font-semibold">{title}</h2>
          <p className="mt-1 text-sm font-semibold text-sage-700">{availability}</p>
          <p className="mt-2 flex-1 leading-relaxed text-cocoa-600">{text}</p>
          <div className="mt-5 [&>*]:w-full sm:[&>*]:w-auto">{action}</div>
        </li>
      ))}
    </ul>
  );
}
