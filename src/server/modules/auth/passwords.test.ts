import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHasher } from './passwords.ts';

describe('password hashing', () => {
  const standard = passwordHasher();
  const fast = passwordHasher('fast');

  it('checks a password against its own hash, and refuses any other password', async () => {
    for (const hasher of [standard, fast]) {
      const hash = await hasher.hash('correct-horse-42');
      expect(await hasher.verify({ hash, password: 'correct-horse-42' })).toBe(true);
      expect(await hasher.verify({ hash, password: 'correct-horse-43' })).toBe(false);
      expect(await hasher.hash('correct-horse-42')).not.toBe(hash); // salted
    }
  });

  it('hashes the standard way unless told otherwise: Better Auth scrypt, salt:key', async () => {
    const hash = await standard.hash('correct-horse-42');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(passwordHasher('standard')).toBe(standard);
  });

  it('never lets a fast hash pass a standard check, while the fast check accepts standard hashes', async () => {
    const fastHash = await fast.hash('correct-horse-42');
    expect(fastHash).toMatch(/^fast\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await standard.verify({ hash: fastHash, password: 'correct-horse-42' })).toBe(false);
    const seeded = await hashPassword('demo-password-1');
    expect(await fast.verify({ hash: seeded, password: 'demo-password-1' })).toBe(true);
    expect(await fast.verify({ hash: seeded, password: 'demo-password-2' })).toBe(false);
    expect(await fast.verify({ hash: 'fast$no-key', password: 'correct-horse-42' })).toBe(false);
  });
});
