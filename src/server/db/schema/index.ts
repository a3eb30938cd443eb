export * from './auth.ts';
export * from './marketplace.ts';
export * from './mail.ts';
export * from './designs.ts';
