import { CardItem, PageHeader, Section } from '../components/ui/page.tsx';
import { StatRow } from '../features/content/stat-row.tsx';

const PRESS_EMAIL = 'press@frosted.ca';

const NEWS = [
  {
    date: 'October 14, 2026',
    title: 'Frosted passes 500 verified vendors across British Columbia',
    text: 'From Victoria to Surrey, more than 500 independent bakers now quote and sell on Frosted, with Vancouver Island the fastest-growing region this year.',
  },
  {
    date: 'June 3, 2026',
    title: 'Three-style variations arrive in the AI cake designer',
    text: 'Customers can now compare three design directions side by side and refine any of them before requesting quotes.',
  },
  {
    date: 'March 18, 2026',
    title: 'Payment protection now covers every order',
    text: 'Every Frosted order is paid into escrow and released to the vendor when the customer is satisfied, removing deposits sent on trust.',
  },
  {
    date: 'January 22, 2026',
    title: 'Frosted raises seed round to grow its BC bakery marketplace',
    text: 'The Vancouver company will expand its vendor success team and bring the designer to more celebration types.',
  },
];

export default function PressPage() {
  return (
    <>
      <PageHeader
        eyebrow="Newsroom"
        title="Press"
        intro="News, facts and contacts for journalists writing about Frosted."
      />
      <Section>
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <h2 className="text-3xl font-semibold">Latest news</h2>
            <ul className="mt-6 space-y-4">
              {NEWS.map((n) => (
                <CardItem key={n.title}>
                  <p className="text-sm font-medium text-rose-600">{n.date}</p>
                  <h3 className="mt-1 text-xl font-semibold">{n.title}</h3>
                  <p className="mt-2 text-cocoa-700">{n.text}</p>
                </CardItem>
              ))}
            </ul>
          </div>
          <aside className="space-y-6">
            <div className="rounded-[var(--radius-card)] bg-cream-200/70 p-6">
              <h2 className="text-xl font-semibold">About Frosted</h2>
              <p className="mt-2 text-cocoa-700">
                Frosted is a Vancouver-based marketplace where people design custom cakes with AI and order
                them from verified local bakers, with payment held safely until they are satisfied. Founded in
                2024.
              </p>
            </div>
            <div className="rounded-[var(--radius-card)] bg-cocoa-900 p-6 text-cream-100">
              <h2 className="text-xl font-semibold text-cream-100">Media contact</h2>
              <p className="mt-2 text-cream-300">
                <a className="font-semibold text-gold-400 hover:underline" href={`mailto:${PRESS_EMAIL}`}>
                  {PRESS_EMAIL}
                </a>
                <br />
                We answer press enquiries within one business day.
              </p>
            </div>
          </aside>
        </div>
      </Section>
      <Section className="pt-0">
        <h2 className="mb-6 text-3xl font-semibold">Fast facts</h2>
        <StatRow />
      </Section>
    </>
  );
}
