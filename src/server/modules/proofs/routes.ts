import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../../shared/errors.ts';
import { PROOF_IMAGES_MAX, PROOF_NOTE_MAX } from '../../../shared/proofs.ts';
import {
  orderProofsSchema,
  PROOF_IMAGE_MAX_BYTES,
  proofParamsSchema,
  requestProofChangesSchema,
  sendProofSchema,
} from '../../../shared/schemas/proofs.ts';
import { AppError } from '../../errors.ts';
import { signedIn } from '../../http/auth-guard.ts';
import { idParams, json, multipartForm, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { MB } from '../storage/index.ts';
import { deleteProofImages, storeProofImages } from './images.ts';
import { presentOrderProofs } from './presenter.ts';
import { answerProof, assertMayChange, listProofs, sendProof } from './service.ts';

// Proofs are a thread of the order: listed under its tag.
const route = routesOf({ tags: ['orders'], use: signedIn });
const proofLimit = rateLimit({ name: 'proofs', max: () => 60, windowSeconds: 3600 });
const imageMb = PROOF_IMAGE_MAX_BYTES / MB;
// Each picture is checked against its bucket's limit by content later; this stops a huge body early.
const proofBodyLimit = bodyLimit({
  maxSize: PROOF_IMAGES_MAX * PROOF_IMAGE_MAX_BYTES + MB,
  onError: () => {
    throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(imageMb));
  },
});

/** A multipart form with one text field and up to five pictures in `images`, as documented. */
const formBody = (text: string, textRequired: boolean, minImages: number) =>
  multipartForm(
    {
      [text]: { type: 'string' as const, maxLength: PROOF_NOTE_MAX },
      images: {
        type: 'array' as const,
        minItems: minImages,
        maxItems: PROOF_IMAGES_MAX,
        items: {
          type: 'string' as const,
          format: 'binary',
          description: `A JPEG, PNG or WebP image of up to ${imageMb} MB.`,
        },
      },
    },
    textRequired ? [text] : minImages > 0 ? ['images'] : [],
  );

/** The form's fields as the shared schema reads them (`images` may come once or many times). */
async function readForm(c: Context, field: string) {
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw AppError.validation({ images: 'The form could not be read. Please try again.' });
  });
  const images = form.images;
  return { [field]: form[field], images: images === undefined ? [] : [images].flat() };
}

const list = route.get('/{id}/proofs', {
  summary: 'The design proofs of your order (its customer or vendor, or an admin), every round',
  params: idParams('id'),
  ok: json(orderProofsSchema, 'The proofs, the change cut-off and what you may do now'),
  errors: [400, 401, 404, 503],
});

const send = route.post('/{id}/proofs', {
  summary: 'Send a design proof (the order’s vendor): a note and 1 to 5 sketches or photos',
  description: `Multipart: \`note\` and one to ${PROOF_IMAGES_MAX} images in \`images\`, each checked by its content. Only on a paid order until it is ready, and only when the customer has asked for changes to the previous round (or there is none).`,
  use: [proofLimit, proofBodyLimit, signedIn],
  params: idParams('id'),
  body: formBody('note', false, 1),
  created: json(orderProofsSchema, 'The proofs, with the new round'),
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
});

const approve = route.post('/{id}/proofs/{proofId}/approve', {
  summary: 'Approve the latest design proof (the order’s customer), also after the change cut-off',
  use: [proofLimit, signedIn],
  params: proofParamsSchema,
  ok: json(orderProofsSchema, 'The proofs, with this one approved'),
  errors: [400, 401, 403, 404, 409, 429, 503],
});

const requestChanges = route.post('/{id}/proofs/{proofId}/request-changes', {
  summary: 'Ask for changes to the latest design proof (the order’s customer), until the change cut-off',
  description: `Multipart: \`message\` and up to ${PROOF_IMAGES_MAX} pictures in \`images\`. Refused with 409 after the vendor’s cut-off (72 hours before the event unless the vendor set another).`,
  use: [proofLimit, proofBodyLimit, signedIn],
  params: proofParamsSchema,
  body: formBody('message', true, 0),
  ok: json(orderProofsSchema, 'The proofs, with the request for changes'),
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
});

/** Design proofs of an order (/api/orders/{id}/proofs…). */
export const proofRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock } = c.var.services;
    const { order, rounds } = await listProofs({ db, actor: c.var.actor, orderId: id });
    return c.json(presentOrderProofs(order, rounds, clock.now()), 200);
  })
  .openapi(send, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const { actor } = c.var;
    const input = parseOrThrow(sendProofSchema, await readForm(c, 'note'));
    // Only a proof that may be sent now gets its pictures stored.
    await assertMayChange({ db, actor, orderId: id, change: { kind: 'send' }, now: clock.now() });
    const images = await storeProofImages(storage, id, input.images);
    await sendProof({ db, actor, orderId: id, note: input.note, images, now: clock.now() }).catch(
      async (err: unknown) => {
        await deleteProofImages(storage, images);
        throw err;
      },
    );
    const { order, rounds } = await listProofs({ db, actor, orderId: id });
    return c.json(presentOrderProofs(order, rounds, clock.now()), 201);
  })
  .openapi(approve, async (c) => {
    const { id, proofId } = c.req.valid('param');
    const { db, clock } = c.var.services;
    const { actor } = c.var;
    await answerProof({ db, actor, orderId: id, proofId, answer: { kind: 'approve' }, now: clock.now() });
    const { order, rounds } = await listProofs({ db, actor, orderId: id });
    return c.json(presentOrderProofs(order, rounds, clock.now()), 200);
  })
  .openapi(requestChanges, async (c) => {
    const { id, proofId } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const { actor } = c.var;
    const input = parseOrThrow(requestProofChangesSchema, await readForm(c, 'message'));
    const change = { kind: 'changes', proofId } as const;
    await assertMayChange({ db, actor, orderId: id, change, now: clock.now() });
    const images = await storeProofImages(storage, id, input.images);
    const answer = { kind: 'changes', message: input.message, images } as const;
    await answerProof({ db, actor, orderId: id, proofId, answer, now: clock.now() }).catch(
      async (err: unknown) => {
        await deleteProofImages(storage, images);
        throw err;
      },
    );
    const { order, rounds } = await listProofs({ db, actor, orderId: id });
    return c.json(presentOrderProofs(order, rounds, clock.now()), 200);
  });
