import { ImagePlus, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGE_IMAGE_TYPES, MESSAGE_IMAGES_MAX } from '../../../shared/schemas/messages.ts';
import { fieldA11y } from '../../components/ui/field.tsx';

/** A chosen image and the address its preview is shown from (until it is removed or sent). */
export interface Attachment {
  file: File;
  url: string;
}

/**
 * The images chosen for the next message. Each change is handed to `onChange` (the form's `images`
 * value) as it happens; preview addresses are released when an image is removed, sent or left.
 */
export function useAttachments(onChange: (files: File[]) => void) {
  const [items, setItems] = useState<Attachment[]>([]);
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);
  useEffect(() => () => current.current.forEach((a) => URL.revokeObjectURL(a.url)), []);

  const update = (next: Attachment[]) => {
    setItems(next);
    onChange(next.map((a) => a.file));
  };
  return {
    items,
    add: (files: File[]) =>
      update([...items, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]),
    remove: (index: number) => {
      URL.revokeObjectURL(items[index]!.url);
      update(items.filter((_, i) => i !== index));
    },
    clear: () => {
      items.forEach((a) => URL.revokeObjectURL(a.url));
      update([]);
    },
  };
}

/** "Attach images": the file picker itself, under its visible label, reachable with Tab. */
export function AttachImagesInput({
  id,
  count,
  error,
  onPick,
}: {
  id: string;
  count: number;
  error?: string | undefined;
  onPick: (files: File[]) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border border-cocoa-900/15 bg-white px-3 text-sm font-semibold text-cocoa-800 hover:border-rose-400 hover:bg-rose-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-500"
      >
        <ImagePlus className="size-4 text-rose-600" aria-hidden />
        Attach images
        <input
          type="file"
          accept={MESSAGE_IMAGE_TYPES.join(',')}
          multiple
          className="sr-only"
          {...fieldA11y(id, error)}
          onChange={(e) => {
            onPick([...(e.target.files ?? [])]);
            // Choosing the same file again, after removing it, is a change too.
            e.target.value = '';
          }}
        />
      </label>
      <p className="text-xs text-cocoa-500" aria-live="polite">
        {count > 0 ? `${count} of ${MESSAGE_IMAGES_MAX} images` : `Up to ${MESSAGE_IMAGES_MAX} images`}
      </p>
    </div>
  );
}

/** Previews of the chosen images, each with its own Remove button; focus stays in the list on removal. */
export function AttachmentPreviews({
  items,
  onRemove,
  fallbackFocus,
}: {
  items: Attachment[];
  onRemove: (index: number) => void;
  /** Where focus goes when the last image is removed. */
  fallbackFocus: () => void;
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
    else fallbackFocus();
  }, [items, fallbackFocus]);

  if (items.length === 0) return null;
  return (
    <ul ref={list} aria-label="Images to send" className="flex flex-wrap gap-3 pt-2">
      {items.map((a, i) => (
        <li key={a.url} className="relative">
          <img
            src={a.url}
            alt={`Attachment ${i + 1}: ${a.file.name}`}
            className="size-16 rounded-lg object-cover ring-1 ring-cocoa-900/10"
          />
          <button
            type="button"
            aria-label={`Remove image ${i + 1}`}
            onClick={() => {
              focusAfterRemove.current = i;
              onRemove(i);
            }}
            className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-cocoa-900 text-white shadow hover:bg-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
