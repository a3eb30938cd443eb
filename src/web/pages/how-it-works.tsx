import { CreditCard, Handshake, Search, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { POLICIES } from '../../shared/policies.ts';
import { Button } from '../components/ui/button.tsx';
import { PageHeader, Section } from '../components/ui/page.tsx';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Sparkles,
    title: 'Design with AI',
    text: 'Tell the designer about your occasion, flavour, size, colours and dietary needs. See your cake in seconds, try three styles side by side, and refine until it is right.',
  },
  {
    icon: Search,
    title: 'Find your vendor',
    text: 'Browse verified cake makers near you by location, specialty, price and dietary skills. Every vendor is approved by our team before they appear.',
  },
  {
    icon: Handshake,
    title: 'Connect and customize',
    text: 'Request quotes from several vendors at once with your design, date and servings. Compare prices, ask questions in messages, and accept the quote you like.',
  },
  {
    icon: CreditCard,
    title: 'Secure payment and delivery',
    text: `Pay through Frosted and your money is held safely. Track the order to your door; the vendor is paid when you are satisfied, or ${POLICIES.satisfactionClaimHoursAfterDelivery} hours after delivery without a claim.`,
  },
];

const BENEFITS = {
  customers: [
    'See the cake before anyone bakes it',
    'Quotes from several bakers in one request',
    'Payment protection on every order',
    'Order tracking and reminders',
    'Honest reviews from real orders',
  ],
  vendors: [
    'Customers arrive with a clear design',
    'Quote in minutes, not days of messages',
    'Payment secured before you bake',
    'A portfolio page and the Verified badge',
    'Analytics on orders and revenue',
  ],
};

export default function HowItWorksPage() {
  return (
    <>
      <PageHeader
        eyebrow="How it works"
        title="How It Works"
        intro="From an idea to a cake on the table in four steps, with your payment protected all the way."
      />
      <Section>
        <ol className="grid gap-6 md:grid-cols-2">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li
              key={title}
              className="relative rounded-[var(--radius-card)] bg-white p-8 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5"
            >
              <span
                className="absolute right-6 top-4 font-display text-6xl font-semibold text-rose-100"
                aria-hidden
              >
                {i + 1}
              </span>
              <span className="flex size-12 items-center justify-center rounded-2xl bg-rose-500 text-white">
                <Icon className="size-6" aria-hidden />
              </span>
              <h2 className="mt-5 text-2xl font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h2>
              <p className="mt-2 leading-relaxed text-cocoa-600">{text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section className="pt-0">
        <h2 className="text-center text-3xl font-semibold">Why people choose Frosted</h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {(['customers', 'vendors'] as const).map((who) => (
            <div key={who} className="rounded-[var(--radius-card)] bg-cream-200/70 p-8">
              <h3 className="text-xl font-semibold">For {who}</h3>
              <ul className="mt-4 space-y-3">
                {BENEFITS[who].map((b) => (
                  <li key={b} className="flex gap-3 text-cocoa-700">
                    <span className="mt-2 size-2 shrink-0 rounded-full bg-rose-500" aria-hidden />
                    {b}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="mt-12 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/#ai-designer">Start Designing</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/browse-vendors">Browse Vendors</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
