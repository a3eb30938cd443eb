import { Lock, Palette, ShieldCheck, Sparkles, Truck, WandSparkles, type LucideIcon } from 'lucide-react';
import { FEATURES } from './content.ts';

const ICONS: Record<(typeof FEATURES)[number]['icon'], LucideIcon> = {
  sparkles: Sparkles,
  shield: ShieldCheck,
  lock: Lock,
  truck: Truck,
  palette: Palette,
  wand: WandSparkles,
};

export function FeaturesGrid() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">Why Frosted</p>
        <h2 id="features-title" className="mt-3 text-4xl font-semibold">
          Everything a celebration cake needs
        </h2>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => {
          const Icon = ICONS[f.icon];
          return (
            <li
              key={f.title}
              className="rounded-[var(--radius-card)] bg-white p-7 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5"
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{f.title}</h3>
              <p className="mt-2 leading-relaxed text-cocoa-600">{f.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
