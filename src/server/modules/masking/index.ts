/**
 * Contact details stay hidden until the customer has paid the vendor (decisions 002, 008, 009): the one
 * rule, asked of the ledger, that every module showing one side's words to the other uses.
 */
export { hasPaidOrder, type Pair } from './paid.ts';
export { paidPairs, shownTo } from './masking.ts';
