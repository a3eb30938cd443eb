/**
 * The privacy rules the Terms promise (spec section 9; decision 028): data kept 7 years after an
 * account closes, accounts closed after 2 years without activity, members 18 or older. Pure functions,
 * shared by the server's jobs and the account page.
 */
import { formatCents } from './money.ts';
import { POLICIES } from './policies.ts';
import { addDays } from './time.ts';

/** A notice is e-mailed this many days before an inactive account is closed. */
export const INACTIVITY_NOTICE_DAYS = 30;
/** Last activity is written at most this often per user, so a request costs nothing extra. */
export const ACTIVITY_WRITE_INTERVAL_MS = 20 * 60 * 60 * 1000;
/** How often one person may download their data. */
export const DATA_EXPORTS_PER_HOUR = 5;
/** What a person without a password types to close their account. */
export const CLOSE_CONFIRMATION_WORD = 'CLOSE';
export const AGE_CONFIRMATION_MESSAGE = `Please confirm you are ${POLICIES.minimumAgeYears} or older.`;
/** The display name a closed account keeps on the records others still see (orders, reviews). */
export const CLOSED_ACCOUNT_NAME = 'Closed account';

const addYears = (date: Date, years: number) => {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

/** When an account last active at `lastActiveAt` is closed for inactivity (2 years later). */
export const inactiveClosureAt = (lastActiveAt: Date) =>
  addYears(lastActiveAt, POLICIES.inactiveAccountYears);
/** When its "sign in to keep your account" notice is due (30 days before). */
export const inactivityNoticeAt = (lastActiveAt: Date) =>
  addDays(inactiveClosureAt(lastActiveAt), -INACTIVITY_NOTICE_DAYS);
/** When the financial records a closure kept are purged (7 years after it). */
export const retentionEndsAt = (closedAt: Date) =>
  addYears(closedAt, POLICIES.dataRetentionYearsAfterClosure);

/** What stands in the way of closing an account: orders not finished, money not yet paid out. */
export interface ClosureBlockers {
  /** Orders as the customer that are not completed or cancelled. */
  customerOrdersInProgress: number;
  /** The vendor's orders that are not completed or cancelled. */
  vendorOrdersOpen: number;
  /** Held for the vendor's orders plus released and not yet paid out (cents). */
  vendorBalanceCents: number;
}

/** Why the account cannot close yet, in words the person understands; null when it can. */
export function closureRefusal(b: ClosureBlockers): string | null {
  const orders = (n: number) => `${n} order${n === 1 ? '' : 's'}`;
  const reasons: string[] = [];
  if (b.vendorOrdersOpen > 0)
    reasons.push(
      `${orders(b.vendorOrdersOpen)} from customers that ${b.vendorOrdersOpen === 1 ? 'is' : 'are'} not completed or cancelled yet`,
    );
  if (b.vendorBalanceCents > 0)
    reasons.push(`a balance of ${formatCents(b.vendorBalanceCents)} that has not been paid out to you yet`);
  // Below zero after a card dispute lost on an order already paid out (decision 031).
  if (b.vendorBalanceCents < 0)
    reasons.push(`${formatCents(-b.vendorBalanceCents)} to make up to Frosted from a card dispute`);
  if (b.customerOrdersInProgress > 0) reasons.push(`${orders(b.customerOrdersInProgress)} in progress`);
  if (reasons.length === 0) return null;
  const list = reasons.length === 1 ? reasons[0] : `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)}`;
  const settle =
    b.vendorBalanceCents < 0
      ? 'Contact support to settle what is owed, then try again.'
      : 'Finish or cancel your orders and wait for your last payout, then try again.';
  return `Your account cannot be closed yet: you have ${list}. ${settle}`;
}
