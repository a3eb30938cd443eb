import { Mail, MessageCircle, Phone } from 'lucide-react';
import { POLICIES, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../shared/policies.ts';
import { Button } from '../../components/ui/button.tsx';

export function ContactOptions({ onChat }: { onChat: () => void }) {
  const cards = [
    {
      icon: MessageCircle,
      title: 'Live Chat',
      text: `Available ${POLICIES.supportHours}. Write to us here and a person replies by e-mail during support hours.`,
      action: (
        <Button variant="soft" size="sm" onClick={onChat}>
          Start a conversation
        </Button>
      ),
    },
    {
      icon: Mail,
      title: 'Email',
      text: `We reply within ${POLICIES.supportEmailReplyHours} hours, every day.`,
      action: (
        <Button asChild variant="soft" size="sm">
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </Button>
      ),
    },
    {
      icon: Phone,
      title: 'Phone',
      text: `Call us ${POLICIES.supportHours}, Monday to Saturday.`,
      action: (
        <Button asChild variant="soft" size="sm">
          <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>{SUPPORT_PHONE}</a>
        </Button>
      ),
    },
  ];
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {cards.map(({ icon: Icon, title, text, action }) => (
        <li
          key={title}
          className="flex flex-col rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5"
        >
          <span className="flex size-11 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
            <Icon className="size-5" aria-hidden />
          </span>
          <h2 className="mt-4 text-xl font-semibold">{title}</h2>
          <p className="mt-1 flex-1 text-cocoa-600">{text}</p>
          <div className="mt-4">{action}</div>
        </li>
      ))}
    </ul>
  );
}
