import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  SUPPORT_LIMITS,
  supportRequestSchema,
  type SupportRequestInput,
} from '../../../shared/schemas/support.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, fieldA11y, InputField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { Textarea } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { SUPPORT_FIELDS, useSendSupportRequest } from './api.ts';
import { SentPanel } from './sent-panel.tsx';

const EMPTY: SupportRequestInput = { name: '', email: '', subject: '', message: '' };

/** The contact form: validated on submit, server field errors shown at their fields, input never lost. */
export function ContactForm() {
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: EMPTY,
  });
  const send = useSendSupportRequest();

  const submit = handleSubmit((input) =>
    send.mutate(input, {
      onError: (err) => {
        const known = err instanceof ApiError ? SUPPORT_FIELDS.filter((f) => err.fields[f]) : [];
        if (err instanceof ApiError && known.length > 0) {
          known.forEach((f, i) => setError(f, { message: err.fields[f] }, { shouldFocus: i === 0 }));
        } else {
          toast.error(err.message);
        }
      },
    }),
  );

  if (send.isSuccess) {
    return (
      <SentPanel
        name={send.variables.name}
        email={send.variables.email}
        onAnother={() => {
          reset(EMPTY);
          send.reset();
          requestAnimationFrame(() => setFocus('name'));
        }}
      />
    );
  }

  const err = (k: keyof SupportRequestInput) => formState.errors[k]?.message;
  const field = formFields('contact', register, formState.errors);
  const messageError = err('message');
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="mx-auto max-w-2xl space-y-5 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:p-8"
    >
      <div>
        <h2 className="text-2xl font-semibold">Send us a message</h2>
        <p className="mt-1 text-cocoa-600">All fields are required. We answer by e-mail.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Name" autoComplete="name" maxLength={SUPPORT_LIMITS.name} {...field('name')} />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={SUPPORT_LIMITS.email}
          {...field('email')}
        />
      </div>
      <InputField label="Subject" maxLength={SUPPORT_LIMITS.subject} {...field('subject')} />
      <Field id="contact-message" label="Message" error={messageError}>
        <Textarea
          rows={6}
          maxLength={SUPPORT_LIMITS.message}
          {...fieldA11y('contact-message', messageError)}
          aria-describedby={
            messageError ? 'contact-message-error contact-message-hint' : 'contact-message-hint'
          }
          {...register('message')}
        />
        <p id="contact-message-hint" className="text-sm text-cocoa-500">
          At least {SUPPORT_LIMITS.messageMin} characters. Include an order number if you have one.
        </p>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
