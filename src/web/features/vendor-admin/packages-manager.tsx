import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatFromPrice } from '../../../shared/money.ts';
import { PACKAGES_MAX, type VendorPackage } from '../../../shared/schemas/packages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDeletePackage, usePackages, useReorderPackages } from './api.ts';
import { PackageForm } from './package-form.tsx';

/**
 * The vendor dashboard's Packages tab: what the vendor sells with a starting price. Customers see
 * them on the vendor's page, and the lowest price on the vendor's card ("From $X").
 */
export function PackagesManager() {
  const { data, isPending, error, refetch } = usePackages();
  const reorder = useReorderPackages();
  const [editing, setEditing] = useState<string | null>(null);
  const move = (items: VendorPackage[], from: number, to: number) => {
    const ids = items.map((p) => p.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate(ids, { onError: (e) => toast.error(e.message) });
  };
  const full = (data?.length ?? 0) >= PACKAGES_MAX;
  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-6">
        <h2 className="text-xl font-semibold">Add a package</h2>
        <p className="mt-1 text-sm text-cocoa-600">
          What you sell and the lowest price you sell it for, such as “4-hour coverage, from $1,200”.
        </p>
        <div className="mt-4">
          {full ? (
            <p className="text-cocoa-600">
              You list {PACKAGES_MAX} packages, the most there can be. Remove one to add another.
            </p>
          ) : (
            <PackageForm onDone={() => undefined} />
          )}
        </div>
      </Card>
      {isPending ? (
        <Spinner label="Loading your packages" />
      ) : error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-cocoa-600">
          You have no packages yet. Packages you add appear on your public page, first one first, and your
          lowest starting price shows on your card in Browse Vendors.
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Your packages">
          {data.map((p, i) => (
            <li
              key={p.id}
              className="rounded-[var(--radius-card)] bg-white p-4 ring-1 ring-cocoa-900/8 sm:p-5"
            >
              {editing === p.id ? (
                <PackageForm pkg={p} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {p.name},{' '}
                      <span className="text-rose-700">
                        {formatFromPrice(p.priceCents, { capital: false })}
                      </span>
                    </p>
                    {p.description && <p className="mt-1 text-sm text-cocoa-600">{p.description}</p>}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(data, i, i - 1)}
                      aria-label={`Move ${p.name} up`}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={i === data.length - 1 || reorder.isPending}
                      onClick={() => move(data, i, i + 1)}
                      aria-label={`Move ${p.name} down`}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(p.id)}
                      aria-label={`Edit ${p.name}`}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <RemoveButton pkg={p} />
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function RemoveButton({ pkg }: { pkg: VendorPackage }) {
  const remove = useDeletePackage();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Remove ${pkg.name}`}>
          <Trash2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent title="Remove this package?" description={`“${pkg.name}” leaves your page.`}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <Button
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(pkg.id, {
                onSuccess: () => toast.success('Package removed.'),
                onError: (e) => toast.error(e.message),
              })
            }
          >
            Remove Package
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
