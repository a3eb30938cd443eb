import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PROOF_IMAGES_MAX, PROOF_NOTE_MAX } from '../../../shared/proofs.ts';
import { requestProofChangesSchema, sendProofSchema } from '../../../shared/schemas/proofs.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { PhotoStrip } from '../../components/ui/photo-strip.tsx';
import { ApiError } from '../../lib/api.ts';
import { keepPlacedFocus } from '../../lib/use-focus-after-action.ts';
import { useObjectUrls } from '../../lib/use-object-urls.ts';
import { useRequestProofChanges, useSendProof } from './api.ts';

type Errors = { text?: string | undefined; images?: string | undefined };

/** The first message of each field the shared schema refuses. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0] === 'images' ? 'images' : 'text';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Chosen pictures, shown small before they are sent. */
function ImagePicker({
  id,
  label,
  files,
  error,
  onChange,
}: {
  id: string;
  label: string;
  files: File[];
  error: string | undefined;
  onChange: (files: File[]) => void;
}) {
  const previews = useObjectUrls(files);
  return (
    <FilePicker
      id={id}
      label={label}
      accept="image/jpeg,image/png,image/webp"
      multiple
      look="box"
      error={error}
      onFiles={onChange}
      preview={
        <PhotoStrip
          label="Chosen pictures"
          size="sm"
          photos={previews.map((url, i) => ({
            key: url,
            src: url,
            alt: `Chosen, ${i + 1} of ${previews.length}`,
          }))}
        />
      }
    >
      <ImagePlus className="size-5 text-rose-600" aria-hidden />
      <span>
        {files.length ? `${files.length} picture${files.length === 1 ? '' : 's'} chosen` : 'Choose pictures'}
      </span>
    </FilePicker>
  );
}

/** One form for both sides: a text and pictures, checked by the shared schema, then sent as multipart. */
function ProofDialog({
  open,
  onClose,
  title,
  description,
  textField,
  textLabel,
  imagesLabel,
  submitLabel,
  pending,
  validate,
  submit,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  textField: 'note' | 'message';
  textLabel: string;
  imagesLabel: string;
  submitLabel: string;
  pending: boolean;
  validate: (text: string, images: File[]) => Errors;
  submit: (form: FormData, done: () => void, fail: (err: Error) => void) => void;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const textId = `proof-${textField}`;
  const close = () => {
    setErrors({});
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent title={title} description={description} onCloseAutoFocus={keepPlacedFocus}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const found = validate(text, files);
            setErrors(found);
            if (found.text || found.images) return;
            const form = new FormData();
            form.set(textField, text.trim());
            for (const f of files) form.append('images', f);
            submit(
              form,
              () => {
                setText('');
                setFiles([]);
                close();
              },
              (err) => {
                const fields = err instanceof ApiError ? err.fields : {};
                if (fields[textField] || fields.images)
                  return setErrors({ text: fields[textField], images: fields.images });
                if (err instanceof ApiError && (err.status === 413 || err.status === 415))
                  return setErrors({ images: err.message });
                toast.error(err.message);
              },
            );
          }}
        >
          <TextareaField
            id={textId}
            label={textLabel}
            error={errors.text}
            rows={4}
            maxLength={PROOF_NOTE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <ImagePicker
            id={`proof-${textField}-images`}
            label={imagesLabel}
            files={files}
            error={errors.images}
            onChange={(next) => {
              setFiles(next);
              setErrors((v) => ({ ...v, images: undefined }));
            }}
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Sending...' : submitLabel}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The vendor's Send Proof: notes and one to five sketches or photos; `onSent` once it is sent. */
export function SendProofButton({
  orderId,
  round,
  onSent,
}: {
  orderId: string;
  round: number;
  onSent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const send = useSendProof(orderId);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Send Proof
      </Button>
      <ProofDialog
        open={open}
        onClose={() => {
          setOpen(false);
          send.reset();
        }}
        title={`Send proof ${round}`}
        description="A sketch or photo of the design, with notes. The customer approves it or asks for changes."
        textField="note"
        textLabel="Notes for the customer (optional)"
        imagesLabel={`Sketches or photos (1 to ${PROOF_IMAGES_MAX})`}
        submitLabel="Send Proof"
        pending={send.isPending}
        validate={(note, images) => issuesOf(sendProofSchema.safeParse({ note, images }))}
        submit={(form, done, fail) =>
          send.mutate(form, {
            onSuccess: () => {
              done();
              toast.success('Proof sent. The customer has been told.');
              onSent();
            },
            onError: fail,
          })
        }
      />
    </>
  );
}

/**
 * The customer's Request Changes on the latest proof: what to change, and pictures if they help;
 * `onSent` once it is sent.
 */
export function RequestChangesButton({
  orderId,
  proofId,
  onSent,
}: {
  orderId: string;
  proofId: string;
  onSent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const changes = useRequestProofChanges(orderId);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Request Changes
      </Button>
      <ProofDialog
        open={open}
        onClose={() => {
          setOpen(false);
          changes.reset();
        }}
        title="Request changes"
        description="Tell the vendor what to change. Add pictures of what you have in mind, if you like."
        textField="message"
        textLabel="What should change?"
        imagesLabel={`Pictures (optional, up to ${PROOF_IMAGES_MAX})`}
        submitLabel="Send Request"
        pending={changes.isPending}
        validate={(message, images) => issuesOf(requestProofChangesSchema.safeParse({ message, images }))}
        submit={(form, done, fail) =>
          changes.mutate(
            { proofId, form },
            {
              onSuccess: () => {
                done();
                toast.success('Your changes were sent to the vendor.');
                onSent();
              },
              onError: fail,
            },
          )
        }
      />
    </>
  );
}
