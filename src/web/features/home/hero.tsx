import { BadgeCheck, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { MARKETING_STATS } from './content.ts';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-rose-50 via-cream-100 to-gold-100/60"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -right-32 -top-32 size-[34rem] rounded-full bg-rose-100/70 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-gold-100 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 pb-16 pt-12 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pb-24 lg:pt-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1.5 text-sm font-semibold text-rose-700 shadow-sm ring-1 ring-rose-100">
            <Sparkles className="size-4" aria-hidden /> AI cake designer + BC&apos;s best bakers
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance text-5xl font-semibold leading-[1.05] sm:text-6xl lg:text-7xl"
          >
            Design the cake. <span className="italic text-rose-600">We&apos;ll find</span> the baker.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-cocoa-600">
            Describe your celebration and see your custom cake in seconds. Then order it from verified local
            cake makers across British Columbia, and pay only when you are satisfied.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/#ai-designer">Design My Cake</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth">Join as Vendor</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-cocoa-600">
            <li className="flex items-center gap-1.5">
              <ShieldCheck className="size-4 text-sage-500" aria-hidden /> Payment protection
            </li>
            <li className="flex items-center gap-1.5">
              <BadgeCheck className="size-4 text-sage-500" aria-hidden /> Verified vendors
            </li>
          </ul>
          <dl className="mt-10 grid max-w-md grid-cols-3 gap-4 border-t border-cocoa-900/10 pt-6">
            {MARKETING_STATS.map((s) => (
              <div key={s.label} className="flex flex-col">
                <dt className="text-xs font-medium text-cocoa-500 sm:text-sm">{s.label}</dt>
                <dd className="order-first font-display text-3xl font-semibold text-cocoa-900">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <div aria-hidden className="absolute inset-6 rounded-full bg-white/60 blur-2xl" />
          {/* Its size is known before it loads, so the hero does not grow (and shift) when it arrives. */}
          <img
            src="/demo/hero-cake.svg"
            alt="A four-tier celebration cake with cascading blush and cream flowers"
            width={900}
            height={900}
            className="relative w-full drop-shadow-xl"
            fetchPriority="high"
          />
        </div>
      </div>
    </section>
  );
}
