export * from './auth.ts';
export * from './marketplace.ts';
export * from './mail.ts';
export * from './designs.ts';
export * from './jobs.ts';
export * from './quotes.ts';
export * from './ledger.ts';
export * from './payments.ts';
