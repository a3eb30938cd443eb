import { Link } from 'react-router';
import { POLICIES, SUPPORT_EMAIL } from '../../../shared/policies.ts';
import { Logo } from './logo.tsx';

const GROUPS = [
  {
    title: 'For customers',
    links: [
      { to: '/browse-vendors', label: 'Browse Vendors' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/reviews', label: 'Reviews' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'For vendors',
    links: [
      { to: '/auth?type=vendor', label: 'Join as Vendor' },
      { to: '/success-stories', label: 'Success Stories' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/cookies', label: 'Cookie Policy' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-auto bg-cocoa-900 text-cream-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="space-y-4">
          <div className="[&_span]:text-cream-100">
            <Logo />
          </div>
          <p className="max-w-xs text-sm leading-relaxed text-cream-300/80">
            Design a cake with AI, order it from verified bakers across British Columbia, and pay only when
            you are happy.
          </p>
          <p className="text-sm text-cream-300/80">
            <a
              className="underline-offset-4 hover:text-white hover:underline"
              href={`mailto:${SUPPORT_EMAIL}`}
            >
              {SUPPORT_EMAIL}
            </a>
            <br />
            Support {POLICIES.supportHours}
          </p>
        </div>
        {GROUPS.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-cream-100">
              {g.title}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-cream-300/85 transition-colors hover:text-white">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-cream-300/70 sm:px-6">
          © {new Date().getFullYear()} Frosted Marketplace Inc. Made with butter and care in Vancouver,
          British Columbia.
        </p>
      </div>
    </footer>
  );
}
