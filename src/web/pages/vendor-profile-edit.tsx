import { ArrowLeft } from 'lucide-react';
import { LoadError } from '../components/ui/load-error.tsx';
import { Link, useNavigate } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useOwnVendorProfile } from '../features/vendor-admin/api.ts';
import { ProfileImage } from '../features/vendor-admin/profile-image.tsx';
import { VendorProfileForm } from '../features/vendor-admin/profile-form.tsx';

export default function VendorProfileEditPage() {
  return <RequireAuth need="vendor">{() => <EditProfile />}</RequireAuth>;
}

function EditProfile() {
  const navigate = useNavigate();
  const { data, isPending, error, refetch } = useOwnVendorProfile();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/vendor-dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-rose-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Vendor Dashboard
      </Link>
      <h1 className="mt-3 text-4xl font-semibold">Edit Profile</h1>
      <p className="mt-1 text-cocoa-600">What customers see on your page and filter on when they browse.</p>
      <Card className="mt-8 p-6 sm:p-8">
        {isPending ? (
          <Spinner label="Loading your profile" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} className="p-0" />
        ) : data.status !== 'approved' ? (
          <p className="text-cocoa-600">
            Your vendor application must be approved before you can change your profile.
          </p>
        ) : (
          <div className="space-y-8">
            <ProfileImage profile={data} />
            <VendorProfileForm profile={data} onSaved={() => void navigate('/vendor-dashboard')} />
          </div>
        )}
      </Card>
    </div>
  );
}
