import { LoadError } from '../components/ui/load-error.tsx';
import { useNavigate } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useOwnVendorProfile } from '../features/vendor-admin/api.ts';
import { ProfileImage } from '../features/vendor-admin/profile-image.tsx';
import { VendorProfileForm } from '../features/vendor-admin/profile-form.tsx';
import { VendorSubpage } from '../features/vendor-admin/vendor-subpage.tsx';

export default function VendorProfileEditPage() {
  return <RequireAuth need="vendor">{() => <EditProfile />}</RequireAuth>;
}

function EditProfile() {
  const navigate = useNavigate();
  const { data, isPending, error, refetch } = useOwnVendorProfile();
  return (
    <VendorSubpage title="Edit Profile">
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
    </VendorSubpage>
  );
}
