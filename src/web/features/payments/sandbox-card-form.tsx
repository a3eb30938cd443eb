import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, FlaskConical } from 'lucide-react';
import { type ChangeEvent, type ReactNode, type RefCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '../../../shared/money.ts';
import { type Checkout, type SandboxCardInput, sandboxCardSchema } from '../../../shared/schemas/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { ApiError } from '../../lib/api.ts';
import { keepPlacedFocus } from '../../lib/use-focus-after-action.ts';
import { useNewAttempt, useSandboxAuthentication, useSandboxCard } from './api.ts';
import { formatCardExpiry } from './card-expiry.ts';

const cardSchema = sandboxCardSchema();

/** What an outcome's focus needs: where a refusal is said, and a call once the processor answered. */
export interface CardFormFocus {
  failureRef?: RefCallback<HTMLElement> | undefined;
  onAnswered?: (() => void) | undefined;
}

/**
 * The sandbox processor's card form for one order's payment. `onAnswered`: the processor answered an
 * attempt (its outcome replaces the form, or a refusal is said above it at `failureRef`).
 */
export function CardForm({
  checkout,
  orderId,
  failureRef,
  onAnswered,
}: { checkout: Checkout; orderId: string } & CardFormFocus) {
  const card = useSandboxCard(orderId);
  const authenticate = useSandboxAuthentication(orderId);
  const newAttempt = useNewAttempt(orderId);
  return (
    <SandboxCardForm
      title={
        checkout.purpose === 'deposit'
          ? 'Pay your deposit'
          : checkout.purpose === 'balance'
            ? 'Pay the balance'
            : `Pay for your ${checkout.subject}`
      }
      amount={checkout.amount}
      status={checkout.status}
      failureMessage={checkout.failureMessage}
      stillWaiting="Your order is still waiting for payment: try another card."
      // A declined card ends that payment: the next card goes with a new one.
      pay={async (values) => {
        const paymentId = checkout.status === 'failed' ? (await newAttempt()).paymentId : checkout.paymentId;
        await card.mutateAsync({ paymentId, card: values });
      }}
      answerBank={(approve) => authenticate.mutateAsync({ paymentId: checkout.paymentId, approve })}
      failureRef={failureRef}
      onAnswered={onAnswered}
    />
  );
}

/**
 * The sandbox's card form, with its test cards and the bank's confirmation step, for whatever it pays
 * (one order, or several at once): `pay` sends the card (an ApiError's field messages go to their
 * fields, the first one focused; any other refusal shows above the form), `answerBank` the answer to the
 * bank's step.
 */
export function SandboxCardForm({
  title,
  amount,
  status,
  failureMessage,
  stillWaiting,
  pay,
  answerBank,
  failureRef,
  onAnswered,
}: {
  title: ReactNode;
  amount: number;
  status: Checkout['status'];
  failureMessage: string | null;
  /** Said after a refusal: what is still unpaid, and what to do. */
  stillWaiting: string;
  pay: (card: SandboxCardInput) => Promise<unknown>;
  answerBank: (approve: boolean) => Promise<unknown>;
} & CardFormFocus) {
  const [attemptError, setAttemptError] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  const { register, handleSubmit, formState, setError, getValues } = useForm<SandboxCardInput>({
    resolver: zodResolver(cardSchema),
    defaultValues: { number: '', expiry: '', cvc: '', name: '' },
  });
  const field = formFields('card', register, formState.errors);
  const { onChange: expiryChanged, ...expiry } = field('expiry');
  // MM/YY as it is typed or pasted: the slash goes in by itself (card-expiry.ts).
  const onExpiryChange = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const edit = formatCardExpiry(input.value, getValues('expiry'), input.selectionStart ?? undefined);
    input.value = edit.value;
    input.setSelectionRange(edit.caret, edit.caret);
    return expiryChanged(e);
  };

  const onSubmit = async (values: SandboxCardInput) => {
    setAttemptError(null);
    try {
      await pay(values);
      onAnswered?.();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
      fields.forEach(([name, message], i) =>
        setError(name as keyof SandboxCardInput, { message }, { shouldFocus: i === 0 }),
      );
      if (fields.length > 0) return;
      setAttemptError(
        err instanceof Error ? err.message : 'Your payment could not be made. Please try again.',
      );
      onAnswered?.();
    }
  };

  const onBank = async (approve: boolean) => {
    setAnswering(true);
    try {
      await answerBank(approve);
      onAnswered?.();
    } catch (err) {
      setAttemptError(
        err instanceof Error ? err.message : 'Your answer could not be sent. Please try again.',
      );
    } finally {
      setAnswering(false);
    }
  };

  const busy = answering || formState.isSubmitting;
  return (
    <>
      <h1 id="pay-title" className="flex items-center gap-2 text-3xl font-semibold">
        <CreditCard className="size-7 shrink-0 text-rose-600" aria-hidden /> {title}
      </h1>
      <p
        className="mt-4 flex gap-3 rounded-2xl bg-gold-100/70 p-4 text-sm leading-relaxed text-cocoa-800"
        role="note"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-gold-600" aria-hidden />
        <span>
          <strong>This is a test payment.</strong> Frosted’s sandbox processor is on: no real card is charged.
          Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 shows a declined card, 4000 0027 6000 3184 an
          extra confirmation step and 4000 0000 0000 0341 a card that pays now but declines its later balance.
          Any future expiry date and any 3 digits work.
        </span>
      </p>
      {(status === 'failed' || attemptError) && (
        <p
          role="alert"
          ref={failureRef}
          tabIndex={-1}
          className="mt-4 rounded-2xl bg-rose-50 p-4 text-sm font-medium text-rose-800 ring-1 ring-rose-200"
        >
          {attemptError ?? failureMessage} {stillWaiting}
        </p>
      )}
      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        aria-label="Card details"
      >
        <InputField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          {...field('number')}
        />
        <div className="grid grid-cols-2 gap-4">
          <InputField
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/29"
            {...expiry}
            onChange={(e) => void onExpiryChange(e)}
          />
          <InputField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            {...field('cvc')}
          />
        </div>
        <InputField label="Name on card (optional)" autoComplete="cc-name" {...field('name')} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Processing...' : `Pay ${formatCents(amount)}`}
        </Button>
      </form>
      {/* Closing the bank's step without confirming is refusing it, as a bank's page would. */}
      <Dialog open={status === 'requires_action'} onOpenChange={(open) => !open && void onBank(false)}>
        <DialogContent
          onCloseAutoFocus={keepPlacedFocus}
          title="Confirm this payment"
          description="Your bank asks you to confirm this payment (a test of 3-D Secure: nothing leaves Frosted)."
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button className="flex-1" disabled={answering} onClick={() => void onBank(true)}>
              Confirm payment
            </Button>
            <Button
              variant="outline"
              className="flex-1"
              disabled={answering}
              onClick={() => void onBank(false)}
            >
              Fail confirmation
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
