import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { LoadError } from '../../components/ui/load-error.tsx';
import { toast } from 'sonner';
import { formatPriceRange } from '../../../shared/money.ts';
import type { PortfolioItem } from '../../../shared/schemas/vendor-profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDeletePortfolioItem, useOwnPortfolio, useReorderPortfolio } from './api.ts';
import { PortfolioUpload } from './upload-form.tsx';

/** The vendor dashboard's Portfolio tab: upload, reorder and delete photos. */
export function PortfolioManager() {
  const { data, isPending, error, refetch } = useOwnPortfolio();
  const reorder = useReorderPortfolio();
  const move = (items: PortfolioItem[], from: number, to: number) => {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate(ids, { onError: (e) => toast.error(e.message) });
  };
  return (
    <div className="space-y-6">
      <PortfolioUpload />
      {isPending ? (
        <Spinner label="Loading your portfolio" />
      ) : error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-cocoa-600">
          Your portfolio is empty. Photos you add appear on your public page, first one first.
        </p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Portfolio photos">
          {data.map((item, i) => (
            <li
              key={item.id}
              className="overflow-hidden rounded-[var(--radius-card)] bg-white ring-1 ring-cocoa-900/8"
            >
              <img
                src={item.thumbUrl}
                alt={item.title}
                width={item.width}
                height={item.height}
                loading="lazy"
                className="aspect-[4/3] w-full bg-cream-200 object-cover"
              />
              <div className="space-y-2 p-4">
                <p className="font-semibold">{item.title}</p>
                <p className="text-sm text-cocoa-600">
                  {item.category}
                  {formatPriceRange(item.priceMin, item.priceMax) &&
                    ` · ${formatPriceRange(item.priceMin, item.priceMax)}`}
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(data, i, i - 1)}
                    aria-label={`Move ${item.title} earlier`}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={i === data.length - 1 || reorder.isPending}
                    onClick={() => move(data, i, i + 1)}
                    aria-label={`Move ${item.title} later`}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <DeleteButton item={item} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function DeleteButton({ item }: { item: PortfolioItem }) {
  const remove = useDeletePortfolioItem();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="ml-auto" aria-label={`Delete ${item.title}`}>
          <Trash2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete this photo?"
        description={`“${item.title}” leaves your portfolio for good.`}
      >
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <Button
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => toast.success('Photo deleted'),
                onError: (e) => toast.error(e.message),
              })
            }
          >
            Delete Photo
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
