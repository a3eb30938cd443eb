import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Skeleton } from '../../components/ui/spinner.tsx';

// The designer (form library, schemas, dialog) loads after the rest of the home page has shown.
const Designer = lazy(() => import('../designer/designer.tsx').then((m) => ({ default: m.Designer })));

/** How far below the screen the designer starts loading, so it is there by the time it is scrolled to. */
const LOAD_AHEAD = '1000px';

/**
 * Whether the designer should load: once its place comes near the screen, or at once when the address
 * asks for it (#ai-designer, or ?vendor= from Request a Quote). Until a visitor heads for it, its code
 * and requests stay off the first load, which on a phone is busy enough with the page itself.
 */
function useDesignerWanted() {
  const { hash, search } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const asked = hash === '#ai-designer' || new URLSearchParams(search).has('vendor');
  // Once wanted, always: the designer keeps its state when the address changes again.
  const [wanted, setWanted] = useState(asked);
  if (asked && !wanted) setWanted(true);
  useEffect(() => {
    const el = ref.current;
    if (wanted || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setWanted(true);
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [wanted]);
  return { ref, wanted };
}

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
  const { ref, wanted } = useDesignerWanted();
  const loading = (
    <div role="status" aria-label="Loading the designer">
      <Skeleton className="h-[46rem] rounded-[var(--radius-card)] sm:h-[40rem]" />
    </div>
  );
  return (
    <section id="ai-designer" aria-labelledby="designer-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">AI cake designer</p>
          <h2 id="designer-title" className="mt-3 text-balance text-4xl font-semibold sm:text-5xl">
            Design your dream cake with AI
          </h2>
          <p className="mt-4 text-lg text-cocoa-600">
            Tell us about your celebration and see a cake made for it. Bakers quote from your design, so what
            you picture is what you get.
          </p>
        </div>
        <ol className="mt-10 grid gap-3 sm:grid-cols-3 sm:gap-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="flex gap-4 rounded-2xl bg-cream-100 p-4 sm:p-5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-rose-500 font-display font-semibold text-white">
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-cocoa-600">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div ref={ref} className="mt-8">
          {wanted ? (
            <Suspense fallback={loading}>
              <Designer />
            </Suspense>
          ) : (
            loading
          )}
        </div>
      </div>
    </section>
  );
}
