import { Quote } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { PageHeader, Section } from '../components/ui/page.tsx';
import { StatRow } from '../features/content/stat-row.tsx';

const STORIES = [
  {
    bakery: 'Sweet Dreams Bakery',
    city: 'Vancouver',
    owner: 'Sofia Marchetti',
    story:
      'Sofia used to spend her evenings answering "how much for a cake like this?" messages. Now requests arrive with a design, a date and a budget.',
    quote: 'I quote in five minutes instead of five messages, and I never bake an unpaid cake any more.',
    figures: [
      ['3x', 'wedding orders in a year'],
      ['1 hr', 'typical reply time'],
    ],
  },
  {
    bakery: 'Island Bakehouse',
    city: 'Victoria',
    owner: 'Liam Fraser',
    story:
      'A two-person bakery on Fort Street, Island Bakehouse joined Frosted to reach families beyond walk-in customers.',
    quote: 'Half of our birthday cakes now come through Frosted, and the reviews bring the next ones.',
    figures: [
      ['50%', 'of birthday orders via Frosted'],
      ['4.7', 'average rating'],
      ['0', 'payment disputes'],
    ],
  },
  {
    bakery: 'Cocoa Atelier',
    city: 'New Westminster',
    owner: 'Camille Nguyen',
    story:
      'Camille trained as a chocolatier in Lyon. Her entremets are not cheap, and Frosted helps her find customers who want exactly that.',
    quote:
      'Customers see my portfolio and the price tier before they ask. The ones who reach out are ready to order.',
    figures: [
      ['2x', 'average order value'],
      ['$$$$', 'price tier, fully booked weekends'],
    ],
  },
];

const VENDOR_STATS = [
  { value: '500+', label: 'Expert Vendors' },
  { value: '10K+', label: 'Custom Designs' },
  { value: '4.9/5', label: 'Customer Rating' },
];

export default function SuccessStoriesPage() {
  return (
    <>
      <PageHeader
        eyebrow="For vendors"
        title="Success Stories"
        intro="Independent bakers across British Columbia growing their business with Frosted."
      />
      <Section>
        <ul className="space-y-8">
          {STORIES.map((s) => (
            <li key={s.bakery}>
              <article className="grid gap-6 rounded-[var(--radius-card)] bg-white p-8 shadow-[var(--shadow-soft)] lg:grid-cols-[1.4fr_1fr]">
                <div>
                  <p className="text-sm font-semibold uppercase tracking-wider text-rose-600">{s.city}</p>
                  <h2 className="mt-1 text-3xl font-semibold">{s.bakery}</h2>
                  <p className="mt-4 leading-relaxed text-cocoa-700">{s.story}</p>
                  <figure className="mt-5 border-l-4 border-rose-200 pl-5">
                    <Quote className="size-5 text-rose-300" aria-hidden />
                    <blockquote className="mt-1 font-display text-xl italic text-cocoa-900">
                      {s.quote}
                    </blockquote>
                    <figcaption className="mt-2 text-sm text-cocoa-500">{s.owner}, owner</figcaption>
                  </figure>
                </div>
                <dl className="grid content-center gap-4">
                  {s.figures.map(([value, label]) => (
                    <div key={label} className="flex flex-col rounded-2xl bg-cream-100 p-5">
                      <dt className="text-sm text-cocoa-500">{label}</dt>
                      <dd className="order-first font-display text-3xl font-semibold text-cocoa-900">
                        {value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </article>
            </li>
          ))}
        </ul>
      </Section>
      <Section className="pt-0">
        <StatRow stats={VENDOR_STATS} />
        <div className="mt-12 rounded-[2rem] bg-gradient-to-br from-rose-500 to-rose-700 p-10 text-center text-white">
          <h2 className="text-3xl font-semibold text-white">Your bakery could be next</h2>
          <p className="mx-auto mt-3 max-w-xl text-rose-50">
            Apply in a few minutes. Our team reviews every application and gets you set up with a portfolio
            page.
          </p>
          <Button asChild size="lg" className="mt-6 bg-white text-rose-700 hover:bg-rose-50">
            <Link to="/auth?type=vendor">Join as Vendor</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
