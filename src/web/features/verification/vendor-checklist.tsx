import { AlertTriangle, BadgeCheck, FileText, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { VerificationChecklist, VerificationItem } from '../../../shared/schemas/verification.ts';
import {
  UNSUPPORTED_DOCUMENT_MESSAGE,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_MAX_MB,
  VERIFICATION_DOCUMENT_TYPES,
} from '../../../shared/verification.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { ApiError } from '../../lib/api.ts';
import { useUploadDocument } from './api.ts';
import { formatBytes, formatDay, stateBadge, stateText } from './format.ts';

const ACCEPT = VERIFICATION_DOCUMENT_TYPES.join(',');

/** Checked in the browser before sending (the server checks the content again). */
function fileProblem(file: File): string | undefined {
  if (file.size > VERIFICATION_DOCUMENT_MAX_BYTES) return MESSAGES.fileTooLarge(VERIFICATION_DOCUMENT_MAX_MB);
  if (file.type && !(VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(file.type))
    return UNSUPPORTED_DOCUMENT_MESSAGE;
  return undefined;
}

function UploadButton({ item }: { item: VerificationItem }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const upload = useUploadDocument(item.kind);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    setError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: () => toast.success(`${item.label} sent for review.`),
      onError: (err) => setError(err instanceof ApiError ? (err.fields.file ?? err.message) : err.message),
    });
  };
  const verb = item.document ? 'Replace document' : 'Upload document';
  return (
    <FilePicker
      id={id}
      accept={ACCEPT}
      look={item.document ? 'button-outline' : 'button'}
      disabled={upload.isPending}
      error={error}
      onFiles={([file]) => onFile(file)}
    >
      <Upload aria-hidden />
      {upload.isPending ? 'Uploading…' : verb}
      <span className="sr-only"> for {item.label}</span>
    </FilePicker>
  );
}

function ChecklistItem({ item }: { item: VerificationItem }) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6" role="group" aria-labelledby={headingId}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-xl font-semibold">
              {item.label}
            </h2>
            <Badge variant={stateBadge(item.state)}>
              {item.state === 'verified' && <BadgeCheck aria-hidden />}
              {stateText(item)}
            </Badge>
          </div>
          <p className="text-sm text-cocoa-600">{item.description}</p>
          {item.state === 'rejected' && item.note && (
            <p className="flex items-start gap-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-700">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">Frosted’s note: {item.note}</span>
            </p>
          )}
          {item.expiresSoon && item.expiresOn && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-xl bg-gold-100 p-3 text-sm text-gold-700"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              Expires on {formatDay(item.expiresOn)}. Upload the renewed document to keep your Verified badge.
            </p>
          )}
          {item.state === 'expired' && (
            <p className="flex items-start gap-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-700">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              Your Verified badge is hidden until the renewed document is verified.
            </p>
          )}
          {item.document && (
            <p className="flex min-w-0 items-center gap-2 text-sm">
              <FileText className="size-4 shrink-0 text-cocoa-400" aria-hidden />
              <a href={item.document.url} download className="truncate text-rose-600 hover:underline">
                {item.document.name}
              </a>
              <span className="shrink-0 text-cocoa-500">({formatBytes(item.document.bytes)})</span>
            </p>
          )}
          {item.state === 'verified' && item.document && (
            <p className="text-xs text-cocoa-500">
              Replacing a verified document sends it for review again; your badge waits for the new review.
            </p>
          )}
        </div>
        <div className="shrink-0 sm:max-w-56 sm:text-right">
          <UploadButton item={item} />
        </div>
      </div>
    </Card>
  );
}

/** The signed-in vendor's checklist: each item's status, its document, and upload or replace. */
export function VendorChecklist({ checklist }: { checklist: VerificationChecklist }) {
  return (
    <div className="space-y-6">
      {checklist.verified ? (
        <p className="flex items-center gap-2 rounded-2xl bg-sage-100 p-4 font-medium text-sage-700">
          <BadgeCheck className="size-5" aria-hidden /> Every item is verified: customers see your Verified
          badge.
        </p>
      ) : (
        <p className="rounded-2xl bg-white p-4 text-cocoa-700 ring-1 ring-cocoa-900/5">
          Customers see the Verified badge once every item below is verified and current. Upload a PDF or a
          photo (JPEG, PNG or WebP, up to {VERIFICATION_DOCUMENT_MAX_MB} MB) of each document.
        </p>
      )}
      <ul className="space-y-4">
        {checklist.items.map((item) => (
          <li key={item.kind}>
            <ChecklistItem item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}
