import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PORTFOLIO_CATEGORIES } from '../../../shared/catalog.ts';
import {
  portfolioItemInputSchema,
  type PortfolioItemInput,
  type PortfolioItemValues,
} from '../../../shared/schemas/vendor-profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { FieldError, Options } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { useObjectUrl } from '../../lib/use-object-urls.ts';
import { useUploadPortfolioItem } from './api.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Drop or pick photos; each one gets a title, category and price range before it is uploaded. */
export function PortfolioUpload() {
  const [queue, setQueue] = useState<File[]>([]);
  const inputId = useId();
  const current = queue[0];
  return (
    <div className="space-y-4">
      <FilePicker
        id={inputId}
        accept={ACCEPT}
        multiple
        droppable
        look="drop"
        wrapperClassName=""
        onFiles={(files) => setQueue((q) => [...q, ...files])}
      >
        <ImagePlus className="size-8 text-rose-400" aria-hidden />
        <span className="font-semibold">Add photos to your portfolio</span>
        <span className="text-sm text-cocoa-600">
          Drag and drop, or choose JPEG, PNG or WebP files up to 10 MB.
        </span>
      </FilePicker>
      {current && (
        <UploadDetails
          key={`${current.name}-${current.lastModified}-${queue.length}`}
          file={current}
          remaining={queue.length - 1}
          onDone={() => setQueue((q) => q.slice(1))}
        />
      )}
    </div>
  );
}

function UploadDetails({ file, remaining, onDone }: { file: File; remaining: number; onDone: () => void }) {
  const preview = useObjectUrl(file);
  const upload = useUploadPortfolioItem();
  const [fileError, setFileError] = useState<string | undefined>();
  const { register, handleSubmit, formState, setError } = useForm<
    PortfolioItemInput,
    unknown,
    PortfolioItemValues
  >({
    resolver: zodResolver(portfolioItemInputSchema),
    defaultValues: { title: file.name.replace(/\.[^.]+$/, '').slice(0, 80), category: 'Custom' },
  });
  const field = formFields('pf', register, formState.errors);
  const onSubmit = (v: PortfolioItemValues) => {
    const form = new FormData();
    form.set('file', file);
    form.set('title', v.title);
    form.set('category', v.category);
    if (v.priceMin !== undefined) form.set('priceMin', String(v.priceMin));
    if (v.priceMax !== undefined) form.set('priceMax', String(v.priceMax));
    setFileError(undefined);
    upload.mutate(form, {
      onSuccess: () => {
        toast.success('Photo added to your portfolio');
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError) {
          for (const [f, m] of Object.entries(e.fields)) {
            if (f === 'file') setFileError(m);
            else setError(f as keyof PortfolioItemInput, { message: m });
          }
          if (!Object.keys(e.fields).length) setFileError(e.message);
        }
        toast.error(e.message);
      },
    });
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      aria-label="Photo details"
      className="grid gap-5 rounded-[var(--radius-card)] bg-white p-5 ring-1 ring-cocoa-900/8 sm:grid-cols-[10rem_1fr]"
    >
      <div>
        <img src={preview ?? undefined} alt="" className="aspect-square w-full rounded-xl object-cover" />
        <p className="mt-2 truncate text-xs text-cocoa-500">{file.name}</p>
        <FieldError id="upload-file-error" message={fileError} />
      </div>
      <div className="space-y-4">
        <InputField label="Title" {...field('title')} />
        <SelectField label="Category" {...field('category')}>
          <Options options={PORTFOLIO_CATEGORIES} />
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label="Price from ($)"
            type="number"
            inputMode="numeric"
            min={0}
            {...field('priceMin')}
          />
          <InputField label="Price to ($)" type="number" inputMode="numeric" min={0} {...field('priceMax')} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload Photo'}
          </Button>
          <Button type="button" variant="outline" onClick={onDone} disabled={upload.isPending}>
            {remaining > 0 ? 'Skip this photo' : 'Cancel'}
          </Button>
        </div>
      </div>
    </form>
  );
}
