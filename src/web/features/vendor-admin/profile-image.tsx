import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { OwnVendorProfile, OwnVendorProfileResponse } from '../../../shared/schemas/vendor-profile.ts';
import { FieldError } from '../../components/ui/input.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { vendorAdminKeys } from './api.ts';

/** The cover image of the vendor's page and cards: pick a file and it is uploaded at once. */
export function ProfileImage({ profile }: { profile: OwnVendorProfile }) {
  const id = useId();
  const qc = useQueryClient();
  const [error, setError] = useState<string>();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return api<OwnVendorProfileResponse>('/api/me/vendor-profile/image', {
        method: 'PUT',
        body: form,
      });
    },
    onSuccess: (data) => {
      setError(undefined);
      qc.setQueryData(vendorAdminKeys.profile, data);
      void qc.invalidateQueries({ queryKey: ['vendors'] });
      toast.success('Profile image updated');
    },
    onError: (e) => setError(e instanceof ApiError ? (e.fields.file ?? e.message) : e.message),
  });
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="aspect-[16/9] w-full overflow-hidden rounded-2xl bg-cream-200 sm:w-56">
        {profile.imageUrl && (
          <img
            src={profile.imageUrl}
            alt={`Current cover of ${profile.businessName}`}
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="space-y-1.5">
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-cocoa-900/15 bg-white px-4 py-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-500"
        >
          <ImagePlus className="size-4" aria-hidden />
          {upload.isPending ? 'Uploading...' : 'Change profile image'}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={upload.isPending}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
              e.target.value = '';
            }}
          />
        </label>
        <p className="text-xs text-cocoa-500">
          JPEG, PNG or WebP up to 5 MB. Shown on your page and in search.
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </div>
  );
}
