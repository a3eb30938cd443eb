import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Config } from '../../config.ts';

/**
 * How passwords are hashed. 'standard' is Better Auth's scrypt (N=16384, r=16: about 100 ms of a core
 * per hash or check, which is the point). 'fast' is scrypt at a 64th of the work, for test suites that
 * sign in hundreds of times: Config.passwordHashing is set only by the tests' own configuration and is
 * never read from the environment, so a deployment always hashes the standard way.
 */
export type PasswordHashing = NonNullable<Config['passwordHashing']>;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** A fast hash is marked, so that nothing ever mistakes it for a standard one. */
const FAST_PREFIX = 'fast$';
const FAST = { N: 256, r: 16, p: 1, dkLen: 64 };

function fastKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, FAST.dkLen, { N: FAST.N, r: FAST.r, p: FAST.p }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

const standard: PasswordHasher = { hash: hashPassword, verify: verifyPassword };

const fast: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${FAST_PREFIX}${salt}:${(await fastKey(password, salt)).toString('hex')}`;
  },
  // Standard hashes (the demo seed's, an administrator's from the CLI) are still checked the standard way.
  async verify({ hash, password }) {
    if (!hash.startsWith(FAST_PREFIX)) return standard.verify({ hash, password });
    const [salt, key] = hash.slice(FAST_PREFIX.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await fastKey(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

export function passwordHasher(hashing: PasswordHashing = 'standard'): PasswordHasher {
  return hashing === 'fast' ? fast : standard;
}
