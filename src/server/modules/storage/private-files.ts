import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { currentActor, type ActorEnv } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { BUCKETS, type OwnedBucketId, type OwnerKind } from './buckets.ts';
import { isSafeKey, keyPrefix } from './keys.ts';
import type { ObjectStore, StoredObject } from './store.ts';

// The signed-in person as the auth guard gives it: storage depends on the guard, not on the auth module.
type Actor = NonNullable<Awaited<ReturnType<typeof currentActor>>>;

/**
 * Whether the actor may see the files of one conversation or order. The module that owns it decides
 * (its customer, its vendor's owner, admins); the composition root hands one in for each kind.
 */
export type OwnerPolicy = (input: { db: Db; actor: Actor; ownerId: string }) => Promise<boolean>;
export type FileOwners = Record<OwnerKind, OwnerPolicy>;

/** Our ids (UUIDs, and the seed's and tests' readable ones): one path segment, nothing to escape. */
const OWNER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The link to a file of a private bucket: `/api/files/<bucket>/<owner kind>/<owner id>/<rest of key>`.
 * It names the owner's own id, so the server knows whom to ask without a lookup by key; for a UUID
 * (every real order and conversation) it is the same as the key, so links given out before stay valid.
 */
export function ownedFileUrl(bucket: OwnedBucketId, ownerId: string, key: string): string {
  const kind = BUCKETS[bucket].owner;
  const folder = `${keyPrefix(kind, ownerId)}/`;
  if (!OWNER_ID.test(ownerId) || !key.startsWith(folder))
    throw new Error(`${key} is not a file of ${kind} ${ownerId}`);
  return `/api/files/${bucket}/${kind}/${ownerId}/${key.slice(folder.length)}`;
}

/** The owner and key a private file's path (after the bucket) names, or undefined for anything else. */
export function ownedFileKey(
  bucket: OwnedBucketId,
  path: string,
): { ownerId: string; key: string } | undefined {
  const kind = BUCKETS[bucket].owner;
  const [head, ownerId = '', ...rest] = path.split('/');
  if (head !== kind || !OWNER_ID.test(ownerId) || rest.length === 0) return undefined;
  const key = `${keyPrefix(kind, ownerId)}/${rest.join('/')}`;
  return isSafeKey(key) ? { ownerId, key } : undefined;
}

/**
 * The signed-in user, or a 404: to a visitor a private file's address tells nothing, just as to
 * someone signed in who may not open it. `message` is the reader's own 404 message.
 */
export async function readerOr404<E extends AppEnv>(c: Context<E>, message?: string): Promise<Actor> {
  const actor = await currentActor(c);
  if (!actor) throw AppError.notFound(message);
  return actor;
}

/** Route middleware for private downloads: the actor on `c.var.actor`, a visitor gets 404. */
export const privateFileReaders =
  (message?: string): MiddlewareHandler<ActorEnv> =>
  async (c, next) => {
    c.set('actor', await readerOr404(c, message));
    await next();
  };

/**
 * A private bucket's file for someone its owner's policy lets in. Anything else (a visitor, another
 * user, a bad path, a missing file) is the same 404, so another person's picture looks like none.
 */
export async function readOwnedFile({
  db,
  store,
  owners,
  actor,
  bucket,
  path,
}: {
  db: Db;
  store: ObjectStore;
  owners: FileOwners;
  actor: Actor;
  bucket: OwnedBucketId;
  path: string;
}): Promise<StoredObject> {
  const file = ownedFileKey(bucket, path);
  if (!file) throw AppError.notFound();
  const mayRead = await owners[BUCKETS[bucket].owner]({ db, actor, ownerId: file.ownerId });
  if (!mayRead) throw AppError.notFound();
  const object = await store.get(bucket, file.key);
  if (!object) throw AppError.notFound();
  return object;
}
