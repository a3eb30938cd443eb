import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

const SHOWCASE = [
  {
    src: '/demo/cake-wedding-classic.svg',
    alt: 'Three-tier ivory wedding cake with blush roses',
    label: 'Wedding · Vanilla',
  },
  {
    src: '/demo/cake-birthday-rainbow.svg',
    alt: 'Rainbow birthday cake with candles and sprinkles',
    label: 'Birthday · Strawberry',
  },
  {
    src: '/demo/cake-lemon-floral.svg',
    alt: 'Semi-naked lemon cake with white flowers',
    label: 'Custom · Lemon',
  },
  {
    src: '/demo/cake-anniversary-redvelvet.svg',
    alt: 'Red velvet anniversary cake with roses and a gold heart',
    label: 'Anniversary · Red Velvet',
  },
];

const STEPS = [
  {
    title: 'Describe it',
    text: 'Pick the occasion, flavour and size, and add colours, dietary needs and any details.',
  },
  { title: 'See it', text: 'Get a design in seconds, or three variations in different styles to compare.' },
  {
    title: 'Share or save it',
    text: 'Send it to friends for a vote, or save it and request quotes from vendors.',
  },
];

/** The home page's designer section; the anchor #ai-designer is where "Design My Cake" leads. */
export function DesignerSection() {
  return (
    <section id="ai-designer" aria-labelledby="designer-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">AI cake designer</p>
          <h2 id="designer-title" className="mt-3 text-4xl font-semibold sm:text-5xl">
            Design your dream cake with AI
          </h2>
          <p className="mt-4 text-lg text-cocoa-600">
            Tell us about your celebration and see a cake made for it. Bakers quote from your design, so what
            you picture is what you get.
          </p>
        </div>
        <ol className="mt-12 grid gap-4 sm:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl bg-cream-100 p-6">
              <span className="flex size-9 items-center justify-center rounded-full bg-rose-500 font-display text-lg font-semibold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-xl font-semibold">{s.title}</h3>
              <p className="mt-2 text-cocoa-600">{s.text}</p>
            </li>
          ))}
        </ol>
        <ul className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Designs made with Frosted">
          {SHOWCASE.map((d) => (
            <li key={d.src} className="overflow-hidden rounded-2xl bg-cream-100 ring-1 ring-cocoa-900/5">
              <img src={d.src} alt={d.alt} loading="lazy" className="aspect-square w-full object-cover" />
              <p className="px-4 py-3 text-sm font-medium text-cocoa-600">{d.label}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/browse-vendors">Find a Baker</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth">Get Quotes from Vendors</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
