import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { OwnVendorProfile } from '../../../shared/schemas/vendor-profile.ts';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { ApiError } from '../../lib/api.ts';
import { useUploadProfileImage } from './api.ts';

/** The cover image of the vendor's page and cards: pick a file and it is uploaded at once. */
export function ProfileImage({ profile }: { profile: OwnVendorProfile }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const upload = useUploadProfileImage();
  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => {
        setError(undefined);
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
            width={448}
            height={252}
            className="size-full object-cover"
          />
        )}
      </div>
      <FilePicker
        id={id}
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.isPending}
        error={error}
        onFiles={([file]) => file && onFile(file)}
        hint={
          <p className="text-xs text-cocoa-500">
            JPEG, PNG or WebP up to 5 MB. Shown on your page and in search.
          </p>
        }
      >
        <ImagePlus className="size-4" aria-hidden />
        {upload.isPending ? 'Uploading...' : 'Change profile image'}
      </FilePicker>
    </div>
  );
}
