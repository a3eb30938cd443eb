import { describe, expect, it } from 'vitest';
import {
  QUOTE_ACTIONS,
  QUOTE_PARTIES,
  QUOTE_STATUSES,
  isOpenQuote,
  nextQuoteStatus,
} from './quote-machine.ts';

/** The quote lifecycle written out by hand: every allowed change, `action party: from -> to`. */
const ALLOWED = `
  answer vendor: requested -> quoted
  answer vendor: change_requested -> quoted
  revise vendor: quoted -> quoted
  askChange customer: quoted -> change_requested
  decline vendor: requested -> declined
  decline vendor: quoted -> declined
  decline vendor: change_requested -> declined
  accept customer: quoted -> accepted
  close system: requested -> closed
  close system: quoted -> closed
  close system: change_requested -> closed
  expire system: requested -> expired
  expire system: quoted -> expired
  expire system: change_requested -> expired
`
  .trim()
  .split('\n')
  .map((l) => l.trim());

describe('the quote state machine', () => {
  it('allows exactly the listed changes', () => {
    const seen: string[] = [];
    for (const action of QUOTE_ACTIONS)
      for (const party of QUOTE_PARTIES)
        for (const status of QUOTE_STATUSES) {
          const to = nextQuoteStatus(action, status, party);
          if (to) seen.push(`${action} ${party}: ${status} -> ${to}`);
        }
    expect(seen.sort()).toEqual([...ALLOWED].sort());
  });

  it('calls requested, quoted and change_requested open, and nothing else', () => {
    expect(QUOTE_STATUSES.filter(isOpenQuote)).toEqual(['requested', 'quoted', 'change_requested']);
  });
});
