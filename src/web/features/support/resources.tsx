import {
  ArrowRight,
  Cookie,
  FileText,
  Lightbulb,
  Search,
  ShieldCheck,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';

const RESOURCES: { to: string; icon: LucideIcon; title: string; text: string }[] = [
  {
    to: '/how-it-works',
    icon: Lightbulb,
    title: 'How Frosted works',
    text: 'From AI design to delivery in four steps, with your payment protected.',
  },
  {
    to: '/browse-vendors',
    icon: Search,
    title: 'Find a baker',
    text: 'Browse verified cake makers across British Columbia.',
  },
  {
    to: '/terms',
    icon: FileText,
    title: 'Terms of Service',
    text: 'Payment protection, cancellations, refunds and claims.',
  },
  {
    to: '/privacy',
    icon: ShieldCheck,
    title: 'Privacy Policy',
    text: 'What we collect, why we keep it, and your rights.',
  },
  { to: '/cookies', icon: Cookie, title: 'Cookie Policy', text: 'The few cookies we use and what they do.' },
  {
    to: '/success-stories',
    icon: Store,
    title: 'Vendor success stories',
    text: 'How independent BC bakers grow their business with Frosted.',
  },
];

export function Resources() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {RESOURCES.map(({ to, icon: Icon, title, text }) => (
        <li key={to}>
          <Link
            to={to}
            className="group flex h-full gap-4 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 transition-shadow hover:shadow-[var(--shadow-lift)]"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-gold-100 text-gold-600">
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="flex items-center gap-2 font-display text-lg font-semibold text-cocoa-900 group-hover:text-rose-600">
                {title}
                <ArrowRight
                  className="size-4 shrink-0 text-rose-500 transition-transform group-hover:translate-x-1"
                  aria-hidden
                />
              </span>
              <span className="mt-1 leading-relaxed text-cocoa-600">{text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
