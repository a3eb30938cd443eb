import type { Tx } from '../../db/client.ts';
import type { ObjectStore } from '../storage/index.ts';

/**
 * One seeding run. Without demo accounts (production) the demo people are created without a password
 * and the demo administrator not at all: the README's demo password must never open a real site.
 */
export interface Seeding {
  tx: Tx;
  now: Date;
  demoAccounts: boolean;
  /**
   * Where the demo vendors' verification documents are written (the private bucket). Without it the
   * demo vendors get no checklist, and so no Verified badge: the badge is never shown without documents.
   */
  store?: ObjectStore | undefined;
  /** Set once the checklists are seeded in this run (several seeders need the vendors). */
  verificationSeeded?: boolean;
}

export const DAY = 24 * 60 * 60 * 1000;
