import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { POLICIES } from '../../../shared/policies.ts';
import {
  supportRequestSchema,
  type SupportRequestCreated,
  type SupportRequestInput,
} from '../../../shared/schemas/support.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { ApiError, api } from '../../lib/api.ts';

export function ContactForm() {
  const form = useForm<SupportRequestInput>({ resolver: zodResolver(supportRequestSchema) });
  const { register, handleSubmit, formState, setError, reset } = form;
  const send = useMutation({
    mutationFn: (input: SupportRequestInput) =>
      api<SupportRequestCreated>('/api/support/requests', { method: 'POST', json: input }),
    onError: (err) => {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields))
          setError(field as keyof SupportRequestInput, { message });
      }
      toast.error(err.message);
    },
  });

  if (send.isSuccess && send.variables) {
    return (
      <div
        role="status"
        className="mx-auto max-w-xl rounded-2xl bg-white p-10 text-center shadow-[var(--shadow-soft)]"
      >
        <CheckCircle2 className="mx-auto size-12 text-sage-500" aria-hidden />
        <p className="mt-4 font-display text-2xl font-semibold">
          Thanks, {send.variables.name}! Your message has been sent.
        </p>
        <p className="mt-2 text-cocoa-600">
          We reply within {POLICIES.supportEmailReplyHours} hours to <strong>{send.variables.email}</strong>.
        </p>
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            reset();
            send.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const err = (k: keyof SupportRequestInput) => formState.errors[k]?.message;
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit((v) => send.mutate(v))(e)}
      className="mx-auto max-w-xl space-y-5 rounded-2xl bg-white p-6 shadow-[var(--shadow-soft)] sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={err('name')}>
          <Input autoComplete="name" {...fieldA11y('contact-name', err('name'))} {...register('name')} />
        </Field>
        <Field id="contact-email" label="Email" error={err('email')}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldA11y('contact-email', err('email'))}
            {...register('email')}
          />
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" error={err('subject')}>
        <Input {...fieldA11y('contact-subject', err('subject'))} {...register('subject')} />
      </Field>
      <Field id="contact-message" label="Message" error={err('message')}>
        <Textarea rows={6} {...fieldA11y('contact-message', err('message'))} {...register('message')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
