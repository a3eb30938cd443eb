import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { createReviewSchema, type CreateReviewInput } from '../../../shared/schemas/reviews.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { InputField, TextareaField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { FieldError } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useCreateReview } from '../reviews/api.ts';

/** Five radio buttons drawn as stars: keyboard arrows change the rating. */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (n: number) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="text-sm font-semibold text-cocoa-700">Your rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-500"
          >
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
            />
            <Star
              aria-hidden
              className={cn(
                'size-8',
                value !== undefined && n <= value ? 'fill-gold-400 text-gold-400' : 'text-cream-300',
              )}
            />
          </label>
        ))}
      </div>
      <FieldError id="review-rating-error" message={error} />
    </fieldset>
  );
}

export function ReviewDialog({
  orderId,
  vendorName,
  forEvent = false,
}: {
  orderId: string;
  vendorName: string;
  /** An event vendor's order (flowers, photos…): asked of the order, not of a cake. */
  forEvent?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, control, formState, setError, reset } = useForm<CreateReviewInput>({
    resolver: zodResolver(createReviewSchema),
  });
  const send = useCreateReview(orderId);
  const publish = (input: CreateReviewInput) =>
    send.mutate(input, {
      onSuccess: () => {
        toast.success('Thank you for your review!');
        setOpen(false);
        reset();
      },
      onError: (err) => {
        if (err instanceof ApiError)
          for (const [f, m] of Object.entries(err.fields))
            setError(f as keyof CreateReviewInput, { message: m });
        toast.error(err.message);
      },
    });
  const err = (k: keyof CreateReviewInput) => formState.errors[k]?.message;
  const field = formFields('review', register, formState.errors);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Leave Review</Button>
      </DialogTrigger>
      <DialogContent
        title="Leave a review"
        description={`How was your ${forEvent ? 'order' : 'cake'} from ${vendorName}?`}
      >
        <form noValidate onSubmit={(e) => void handleSubmit(publish)(e)} className="space-y-4">
          <Controller
            control={control}
            name="rating"
            render={({ field: stars }) => (
              <StarPicker value={stars.value} onChange={stars.onChange} error={err('rating')} />
            )}
          />
          <InputField label="Title (optional)" {...field('title')} />
          <TextareaField label="Your review" rows={5} {...field('comment')} />
          <Button type="submit" className="w-full" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Publish review'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
