import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { CardItem, PageHeader, Section } from '../components/ui/page.tsx';

const CAREERS_EMAIL = 'careers@frosted.ca';
const LOCATION = 'Vancouver, BC / Remote in Canada';

const ROLES = [
  {
    title: 'Senior Full-Stack Engineer',
    team: 'Engineering',
    text: 'Own features end to end, from the quote flow to payouts, in TypeScript, React and PostgreSQL. You care about tests, accessibility and the baker on the other side of the screen.',
  },
  {
    title: 'Product Designer',
    team: 'Design',
    text: 'Shape how customers imagine their cakes and how vendors run their day. You prototype quickly, test with real bakers and sweat the details on a 390 px screen.',
  },
  {
    title: 'Vendor Success Manager',
    team: 'Operations',
    text: 'Welcome new bakers, review applications, and help vendors grow. Bakery or hospitality experience is a big plus.',
  },
  {
    title: 'Trust & Safety Specialist',
    team: 'Operations',
    text: 'Resolve satisfaction claims fairly, keep reviews honest and keep payments on the platform, where customers are protected.',
  },
];

const PERKS = [
  'Salary in the top quartile for Vancouver start-ups, plus equity',
  'Extended health and dental from day one',
  'Four weeks of vacation and your birthday off',
  'A monthly cake budget (research, naturally)',
  'Flexible hours and a Mount Pleasant studio',
];

export default function CareersPage() {
  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title="Careers at Frosted"
        intro="Help independent bakers thrive and make every celebration a little sweeter."
      />
      <Section>
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <h2 className="text-3xl font-semibold">Why Frosted</h2>
            <p className="mt-4 leading-relaxed text-cocoa-700">
              We are a small team with a big kitchen-table mission. The work is close to real people: every
              release reaches bakers in Burnaby, Victoria and Surrey the same week.
            </p>
            <h3 className="mt-8 text-xl font-semibold">Benefits</h3>
            <ul className="mt-3 space-y-2">
              {PERKS.map((p) => (
                <li key={p} className="flex gap-3 text-cocoa-700">
                  <span className="mt-2 size-2 shrink-0 rounded-full bg-rose-500" aria-hidden />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-3xl font-semibold">Open roles</h2>
            <ul className="mt-6 space-y-4">
              {ROLES.map((r) => (
                <CardItem key={r.title}>
                  <h3 className="text-xl font-semibold">{r.title}</h3>
                  <p className="text-sm text-cocoa-500">
                    {r.team} · {LOCATION}
                  </p>
                  <p className="mt-3 text-cocoa-700">{r.text}</p>
                  <Button asChild size="sm" className="mt-4">
                    <a
                      href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`Application: ${r.title}`)}`}
                    >
                      Apply for {r.title}
                    </a>
                  </Button>
                </CardItem>
              ))}
            </ul>
            <p className="mt-6 text-cocoa-600">
              Do not see your role? Send a note to{' '}
              <a className="font-medium text-rose-600 hover:underline" href={`mailto:${CAREERS_EMAIL}`}>
                {CAREERS_EMAIL}
              </a>
              , or learn more{' '}
              <Link className="font-medium text-rose-600 hover:underline" to="/about">
                about us
              </Link>
              .
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
