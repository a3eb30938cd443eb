import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_IMAGE_TYPES, MESSAGE_IMAGES_MAX } from '../../../shared/schemas/messages.ts';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { PhotoStrip } from '../../components/ui/photo-strip.tsx';

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

/** "Attach images": the file picker, under its visible label, with how many are chosen beside it. */
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
    <FilePicker
      id={id}
      accept={MESSAGE_IMAGE_TYPES.join(',')}
      multiple
      // The form shows the error under the message box, with the others.
      error={error}
      showError={false}
      onFiles={onPick}
      className="h-9 px-3 py-0"
      wrapperClassName="flex items-center gap-3"
      hint={
        <p className="text-xs text-cocoa-500" aria-live="polite">
          {count > 0 ? `${count} of ${MESSAGE_IMAGES_MAX} images` : `Up to ${MESSAGE_IMAGES_MAX} images`}
        </p>
      }
    >
      <ImagePlus className="size-4 text-rose-600" aria-hidden />
      Attach images
    </FilePicker>
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
  return (
    <PhotoStrip
      label="Images to send"
      size="sm"
      photos={items.map((a, i) => ({ key: a.url, src: a.url, alt: `Attachment ${i + 1}: ${a.file.name}` }))}
      onRemove={onRemove}
      fallbackFocus={fallbackFocus}
    />
  );
}
