import type { VendorCard } from '../../../shared/schemas/vendors.ts';
import { cn } from '../../lib/cn.ts';

/** One photo fills the frame; with more, the first is large and the others stack beside it. */
const tileClass = (i: number, count: number) =>
  i === 0
    ? count === 1
      ? 'col-span-3 row-span-2'
      : 'col-span-2 row-span-2'
    : count === 2
      ? 'row-span-2'
      : '';

/** Up to 3 portfolio thumbnails with a +N badge for the rest; the cover image when there are none. */
export function VendorGallery({ vendor }: { vendor: VendorCard }) {
  const { thumbs, total } = vendor.portfolio;
  const more = total - thumbs.length;
  if (thumbs.length === 0) {
    return (
      <div className="aspect-[3/2] overflow-hidden bg-cream-200">
        {vendor.image && (
          <img
            src={vendor.image}
            alt={`${vendor.name} bakery`}
            loading="lazy"
            className="size-full object-cover"
          />
        )}
      </div>
    );
  }
  return (
    <ul
      className="grid aspect-[3/2] grid-cols-3 grid-rows-2 gap-0.5 bg-cream-200"
      aria-label={`${vendor.name} portfolio`}
    >
      {thumbs.map((src, i) => (
        <li key={src} className={cn('relative overflow-hidden', tileClass(i, thumbs.length))}>
          <img
            src={src}
            alt={`${vendor.name} portfolio, ${i + 1} of ${total}`}
            loading="lazy"
            className="absolute inset-0 size-full object-cover"
          />
          {i === thumbs.length - 1 && more > 0 && (
            <span className="absolute inset-0 flex items-center justify-center bg-cocoa-900/55 text-lg font-semibold text-white">
              +{more}
              <span className="sr-only"> more photos</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
