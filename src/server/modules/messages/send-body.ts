import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../../shared/errors.ts';
import {
  MESSAGE_IMAGES_MAX,
  MESSAGE_MAX_LENGTH,
  sendMessageFormSchema,
  type SendMessageFormValues,
  sendMessageSchema,
} from '../../../shared/schemas/messages.ts';
import { AppError } from '../../errors.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { BUCKETS, MB } from '../storage/index.ts';

const imageMb = BUCKETS.messages.fileSizeLimit / MB;

/** Each image is checked against its bucket's limit by content later; this stops a huge body early. */
export const sendBodyLimit = bodyLimit({
  maxSize: MESSAGE_IMAGES_MAX * BUCKETS.messages.fileSizeLimit + MB,
  onError: () => {
    throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(imageMb));
  },
});

/** The body of sending a message, as documented: JSON text, or multipart text with images. */
export const sendMessageBody = {
  required: true,
  content: {
    'application/json': { schema: sendMessageSchema },
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: {
          body: { type: 'string' as const, maxLength: MESSAGE_MAX_LENGTH },
          orderId: { type: 'string' as const, maxLength: 100 },
          images: {
            type: 'array' as const,
            maxItems: MESSAGE_IMAGES_MAX,
            items: {
              type: 'string' as const,
              format: 'binary',
              description: `A JPEG, PNG or WebP image of up to ${imageMb} MB.`,
            },
          },
        },
      },
    },
  },
};

const isMultipart = (type: string | undefined) => /^multipart\/form-data\b/i.test(type ?? '');

/**
 * The message as sent, validated by the shared schemas: JSON text as before, or a form with text and
 * up to five images (checked here by count, size and claimed type; by content when stored).
 */
export async function readSendInput(c: Context): Promise<SendMessageFormValues> {
  if (!isMultipart(c.req.header('content-type'))) {
    // The request guards have refused malformed JSON and turned an empty body into {}.
    const input = parseOrThrow(sendMessageSchema, await c.req.json().catch(() => ({})));
    return { ...input, images: [] };
  }
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw AppError.validation({ images: 'The message could not be read. Please try again.' });
  });
  return parseOrThrow(sendMessageFormSchema, {
    body: form.body,
    orderId: form.orderId,
    images: form.images === undefined ? [] : [form.images].flat(),
  });
}
