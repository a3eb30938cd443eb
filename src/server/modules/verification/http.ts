import type { Context } from 'hono';
import { z } from 'zod';
import { VERIFICATION_DOCUMENT_TYPES, type VerificationDocumentType } from '../../../shared/verification.ts';
import { fileResponse } from '../storage/index.ts';
import { privateFileReaders } from '../storage/index.ts';
import type { StoredObject } from '../storage/index.ts';
import { downloadName } from './documents.ts';
import type { VerificationItemRow } from './service.ts';

/**
 * The guard of document downloads: a visitor gets the same 404 as anyone else who may not open the
 * document (the service decides who may), so a document's address tells nothing.
 */
export const documentReaders = privateFileReaders('Not found.');

/** A private document: always downloaded, never rendered by the browser, never cached by anyone else. */
export function documentResponse(c: Context, item: VerificationItemRow, object: StoredObject) {
  const name = downloadName(item.documentName, item.documentType as VerificationDocumentType);
  return fileResponse(c, object, { cache: 'private', attachment: name });
}

const binary = z.string().meta({ format: 'binary' });
export const documentContent = {
  description: 'The document, as an attachment (private, never cached)',
  content: Object.fromEntries(VERIFICATION_DOCUMENT_TYPES.map((type) => [type, { schema: binary }])),
};
