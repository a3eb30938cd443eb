import type { Context, MiddlewareHandler } from 'hono';
import type { ActorEnv } from '../../http/auth-guard.ts';
import { currentActor } from '../../http/auth-guard.ts';
import { AppError } from '../../http/app-error.ts';
import type { StoredObject } from '../storage/store.ts';
import { downloadName } from './documents.ts';
import type { VerificationItemRow } from './service.ts';
import { z } from 'zod';
import { VERIFICATION_DOCUMENT_TYPES, type VerificationDocumentType } from '../../../shared/verification.ts';

/**
 * The guard of document downloads: a visitor gets the same 404 as anyone else who may not open the
 * document (the service decides who may), so a document's address tells nothing.
 */
export const documentReaders: MiddlewareHandler<ActorEnv> = async (c, next) => {
  const actor = await currentActor(c);
  if (!actor) throw AppError.notFound('Not found.');
  c.set('actor', actor);
  await next();
};

/** A private document: always downloaded, never rendered by the browser, never cached by anyone else. */
export function documentResponse(c: Context, item: VerificationItemRow, object: StoredObject) {
  const name = downloadName(item.documentName, item.documentType as VerificationDocumentType);
  c.header('Content-Type', object.contentType);
  c.header('Content-Length', String(object.size));
  c.header('Content-Disposition', `attachment; filename="${name}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  // Drivers return plain (never shared) array buffers; the type cannot say so.
  return c.body(object.body as Uint8Array<ArrayBuffer>, 200);
}

const binary = z.string().meta({ format: 'binary' });
export const documentContent = {
  description: 'The document, as an attachment (private, never cached)',
  content: Object.fromEntries(VERIFICATION_DOCUMENT_TYPES.map((type) => [type, { schema: binary }])),
};
