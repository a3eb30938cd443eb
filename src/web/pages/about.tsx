import { Heart, Leaf, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../shared/policies.ts';
import { Button } from '../components/ui/button.tsx';
import { CardItem, PageHeader, Section } from '../components/ui/page.tsx';
import { StatRow } from '../features/content/stat-row.tsx';

const VALUES = [
  {
    icon: Heart,
    title: 'Craft first',
    text: 'We build for bakers who care about every crumb, and help them spend more time baking and less time chasing messages.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust by design',
    text: 'Vetted vendors, payment protection and honest reviews, so a once-in-a-lifetime cake is never a gamble.',
  },
  {
    icon: Sparkles,
    title: 'Imagination made visible',
    text: 'AI that helps you picture the cake, then hands the real work to a human artist.',
  },
  {
    icon: Leaf,
    title: 'Local at heart',
    text: 'Every order supports an independent business in British Columbia.',
  },
];

const TEAM = [
  {
    name: 'Hannah Liu',
    role: 'Co-founder & CEO',
    line: 'Former pastry chef who ran a Gastown bakery for eight years.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Co-founder & CTO',
    line: 'Built marketplace payments at two Vancouver start-ups.',
  },
  {
    name: 'Amélie Tremblay',
    role: 'Head of Vendor Success',
    line: 'Onboards every new vendor and knows most of them by name.',
  },
  {
    name: 'Raj Patel',
    role: 'Head of Design',
    line: 'Makes sure the designer draws cakes a baker could actually make.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('');

export default function AboutPage() {
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="About Frosted"
        intro="We started Frosted in Vancouver in 2024 with a simple idea: ordering a custom cake should be as joyful as eating one."
      />
      <Section>
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 className="text-3xl font-semibold">Our mission</h2>
            <p className="mt-4 text-lg leading-relaxed text-cocoa-700">
              Custom cakes used to mean screenshots, long message threads and deposits sent on trust. Frosted
              lets anyone show a baker exactly what they imagine, and lets independent bakers across British
              Columbia win work, get paid securely and grow.
            </p>
          </div>
          <StatRow />
        </div>
      </Section>
      <Section className="pt-0">
        <h2 className="text-3xl font-semibold">What we value</h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <CardItem key={title}>
              <Icon className="size-7 text-rose-500" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-cocoa-600">{text}</p>
            </CardItem>
          ))}
        </ul>
      </Section>
      <Section className="pt-0">
        <h2 className="text-3xl font-semibold">The team</h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((p) => (
            <CardItem key={p.name} className="text-center">
              <span
                className="mx-auto flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-rose-200 to-gold-100 font-display text-xl font-semibold text-cocoa-900"
                aria-hidden
              >
                {initials(p.name)}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{p.name}</h3>
              <p className="text-sm font-medium text-rose-600">{p.role}</p>
              <p className="mt-2 text-sm text-cocoa-600">{p.line}</p>
            </CardItem>
          ))}
        </ul>
      </Section>
      <Section className="pt-0">
        <div className="rounded-[2rem] bg-cocoa-900 p-10 text-center text-cream-100">
          <h2 className="text-3xl font-semibold text-cream-100">Get in touch</h2>
          <p className="mx-auto mt-3 max-w-xl text-cream-300">
            Questions, partnerships or a story to share? Write to{' '}
            <a className="font-semibold text-gold-400 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
          <Button asChild className="mt-6 bg-gold-400 text-cocoa-900 hover:bg-gold-500">
            <Link to="/support">Visit Support</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
