import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

const RESOURCES = [
  { to: '/how-it-works', title: 'How Frosted works', text: 'From AI design to delivery, step by step.' },
  { to: '/browse-vendors', title: 'Find a baker', text: 'Browse verified vendors across British Columbia.' },
  { to: '/terms', title: 'Terms of Service', text: 'Payment protection, cancellations and refunds.' },
  { to: '/privacy', title: 'Privacy Policy', text: 'What we collect, why, and your rights.' },
  { to: '/cookies', title: 'Cookie Policy', text: 'The few cookies we use and why.' },
  { to: '/success-stories', title: 'Vendor success stories', text: 'How BC bakers grow with Frosted.' },
];

export function Resources() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {RESOURCES.map((r) => (
        <li key={r.to}>
          <Link
            to={r.to}
            className="group flex h-full flex-col rounded-2xl bg-white p-6 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 transition-shadow hover:shadow-[var(--shadow-lift)]"
          >
            <span className="flex items-center justify-between font-display text-lg font-semibold text-cocoa-900">
              {r.title}
              <ArrowRight
                className="size-4 text-rose-500 transition-transform group-hover:translate-x-1"
                aria-hidden
              />
            </span>
            <span className="mt-1 text-cocoa-600">{r.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
