import { Dialog as DialogPrimitive } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { formatPriceRange } from '../../../shared/money.ts';
import type { PortfolioItem } from '../../../shared/schemas/vendor-profile.ts';

const caption = (item: PortfolioItem) =>
  [item.category, formatPriceRange(item.priceMin, item.priceMax)].filter(Boolean).join(' · ');

/** The vendor's portfolio: a grid of thumbnails; a photo opens full size, arrows move between photos. */
export function PortfolioGallery({ items, vendorName }: { items: PortfolioItem[]; vendorName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (items.length === 0)
    return <p className="text-cocoa-600">{vendorName} has not added portfolio photos yet.</p>;
  const current = open === null ? null : items[open];
  const step = (by: number) => setOpen((i) => (i === null ? i : (i + by + items.length) % items.length));
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="group block w-full overflow-hidden rounded-2xl bg-cream-200 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500"
              aria-label={`Open photo: ${item.title}`}
            >
              <img
                src={item.thumbUrl}
                alt={item.title}
                loading="lazy"
                className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </button>
            <p className="mt-1.5 truncate text-sm font-semibold">{item.title}</p>
            <p className="truncate text-xs text-cocoa-500">{caption(item)}</p>
          </li>
        ))}
      </ul>
      <DialogPrimitive.Root open={current !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-cocoa-900/85" />
          <DialogPrimitive.Content
            className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 focus:outline-none"
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') step(1);
              if (e.key === 'ArrowLeft') step(-1);
            }}
            aria-describedby="lightbox-caption"
          >
            {current && (
              <>
                <DialogPrimitive.Title className="sr-only">{current.title}</DialogPrimitive.Title>
                <img
                  src={current.imageUrl}
                  alt={current.title}
                  width={current.width}
                  height={current.height}
                  className="max-h-[80dvh] w-auto max-w-full rounded-xl object-contain shadow-2xl"
                />
                <p id="lightbox-caption" className="mt-3 text-center text-white">
                  <span className="font-semibold">{current.title}</span>
                  <span className="block text-sm text-white/75">
                    {caption(current)} · {open! + 1} of {items.length}
                  </span>
                </p>
                {items.length > 1 && (
                  <>
                    <button
                      type="button"
                      onClick={() => step(-1)}
                      className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-cocoa-900"
                      aria-label="Previous photo"
                    >
                      <ChevronLeft className="size-6" aria-hidden />
                    </button>
                    <button
                      type="button"
                      onClick={() => step(1)}
                      className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-cocoa-900"
                      aria-label="Next photo"
                    >
                      <ChevronRight className="size-6" aria-hidden />
                    </button>
                  </>
                )}
                <DialogPrimitive.Close
                  className="absolute right-3 top-3 rounded-full bg-white/90 p-2 text-cocoa-900"
                  aria-label="Close"
                >
                  <X className="size-5" aria-hidden />
                </DialogPrimitive.Close>
              </>
            )}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  );
}
