import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SellerReportConfig } from '../../config.ts';

/**
 * Sellers' identifiers sealed at rest (decision 030): AES-256-GCM with a random 96-bit IV, bound to
 * their owner and field (the additional data), so a value copied to another row or field does not
 * open. A sealed value names its key: `v1.<keyId>.<iv>.<tag>.<ciphertext>`, base64url parts, so keys
 * rotate (new seals take the current key, older ones open with the key they name while it is kept).
 */

export type SealingKeys = SellerReportConfig['keys'];

const VERSION = 'v1';
const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** What a seal is bound to: whose value and which field. */
export interface SealContext {
  vendorId: string;
  field: 'tin' | 'birthDate' | 'registrationNumber';
}
const aad = ({ vendorId, field }: SealContext) => Buffer.from(`${vendorId}:${field}`, 'utf8');

export function seal(keys: SealingKeys, plaintext: string, context: SealContext): string {
  const key = keys.byId.get(keys.currentId);
  if (!key) throw new Error(`the sealing key ${keys.currentId} is missing`);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, keys.currentId, b64(iv), b64(cipher.getAuthTag()), b64(ciphertext)].join('.');
}

/** The key id a sealed value names. */
export const sealedKeyId = (sealed: string) => sealed.split('.')[1] ?? '';

export class UnsealError extends Error {}

/** Opens a sealed value; throws UnsealError if its key is gone or it was tampered with (never its content). */
export function unseal(keys: SealingKeys, sealed: string, context: SealContext): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined)
    throw new UnsealError('not a sealed value');
  const key = keys.byId.get(keyId);
  if (!key) throw new UnsealError(`the key ${keyId} that sealed this value is not configured`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new UnsealError(`a sealed ${context.field} did not open with key ${keyId}`);
  }
}
