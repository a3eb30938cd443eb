/* The auth module's public face: what other modules may use (the rest is its own). */
export { type Auth, createAuth } from './auth.ts';
export { NO_VENDOR_PROFILE_MESSAGE, ownVendor, type VendorRow, vendorIdOf, vendorOf } from './vendor-of.ts';
export { pruneSignInLockouts } from './sign-in-lockout.ts';
export { passwordHasher, type PasswordHashing } from './passwords.ts';
