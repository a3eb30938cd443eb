import { X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';

export interface StripPhoto {
  /** Unique within the strip: the photo's address serves. */
  key: string;
  /** What is shown: a thumbnail, or a chosen file's preview address. */
  src: string;
  alt: string;
  /** The full-size photo, opened in a new tab when the thumbnail is pressed (enlarge). */
  href?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/** A photo the server keeps: its thumbnail, and the full size it opens. */
export interface StoredPhoto {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** Stored photos as the strip shows them: each thumbnail opens the photo full size. */
export const storedPhotos = (
  photos: StoredPhoto[],
  alt: (index: number, count: number) => string,
): StripPhoto[] =>
  photos.map((p, i) => ({
    key: p.url,
    src: p.thumbUrl,
    href: p.url,
    alt: alt(i, photos.length),
    width: p.width,
    height: p.height,
  }));

const SIZES = {
  /** Chosen files, before they are sent. */
  sm: 'size-16',
  md: 'h-20 w-auto',
  lg: 'h-24 w-auto max-w-40',
} as const;

/**
 * Photos in a row, as a list named `label`: each enlarges (opens full size) when it has an `href`, and
 * has its own Remove button when `onRemove` is given. After a removal focus moves to the next Remove
 * button (or the one before), and to `fallbackFocus` when none is left. Nothing shows for no photos.
 */
export function PhotoStrip({
  label,
  photos,
  size = 'md',
  onRemove,
  removeLabel = (index) => `Remove image ${index + 1}`,
  fallbackFocus,
  className,
}: {
  label: string;
  photos: StripPhoto[];
  size?: keyof typeof SIZES;
  onRemove?: (index: number) => void;
  removeLabel?: (index: number) => string;
  /** Where focus goes when the last photo is removed. */
  fallbackFocus?: () => void;
  className?: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = list.current?.querySelectorAll('button');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else fallbackFocus?.();
  }, [photos, fallbackFocus]);

  if (photos.length === 0) return null;
  return (
    <ul
      ref={list}
      aria-label={label}
      className={cn('flex flex-wrap', onRemove ? 'gap-3 pt-2' : 'gap-2', className)}
    >
      {photos.map((photo, i) => {
        const image = (
          <img
            src={photo.src}
            alt={photo.alt}
            width={photo.width}
            height={photo.height}
            loading={photo.href ? 'lazy' : undefined}
            className={cn(SIZES[size], 'rounded-lg object-cover ring-1 ring-cocoa-900/10')}
          />
        );
        return (
          <li key={photo.key} className={onRemove && 'relative'}>
            {photo.href ? (
              <a
                href={photo.href}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-rose-500"
              >
                {image}
              </a>
            ) : (
              image
            )}
            {onRemove && (
              <button
                type="button"
                aria-label={removeLabel(i)}
                onClick={() => {
                  focusAfterRemove.current = i;
                  onRemove(i);
                }}
                className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-cocoa-900 text-white shadow hover:bg-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
