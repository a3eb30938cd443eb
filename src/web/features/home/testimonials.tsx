import { Quote } from 'lucide-react';
import { Stars } from '../../components/ui/stars.tsx';
import { TESTIMONIALS } from './content.ts';

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">Testimonials</p>
        <h2 id="testimonials-title" className="mt-3 text-4xl font-semibold">
          Sweet words from our community
        </h2>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-[var(--radius-card)] bg-white p-7 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5">
              <Quote className="size-8 text-rose-200" aria-hidden />
              <Stars rating={5} className="mt-3" />
              <blockquote className="mt-4 flex-1 leading-relaxed text-cocoa-700">{t.content}</blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <img src={t.image} alt="" className="size-12 rounded-full bg-cream-200" loading="lazy" />
                <span>
                  <span className="block font-semibold text-cocoa-900">{t.name}</span>
                  <span className="block text-sm text-cocoa-500">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
