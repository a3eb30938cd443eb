/** The demo people who sign in: a customer, a vendor and an administrator. */

export const DEMO_PASSWORD = 'frosted-demo';

export const DEMO_ACCOUNTS = {
  customer: {
    id: 'user-demo-customer',
    email: 'customer@frosted.demo',
    firstName: 'Emma',
    lastName: 'Thompson',
    phone: '604-555-0142',
    location: 'Vancouver, BC',
    userType: 'customer',
    role: 'user',
  },
  vendor: {
    id: 'user-demo-vendor',
    email: 'vendor@frosted.demo',
    firstName: 'Sofia',
    lastName: 'Marchetti',
    phone: '604-555-0178',
    location: 'Vancouver, BC',
    userType: 'vendor',
    role: 'user',
  },
  admin: {
    id: 'user-demo-admin',
    email: 'admin@frosted.demo',
    firstName: 'Alex',
    lastName: 'Rivera',
    phone: null,
    location: null,
    userType: 'customer',
    role: 'admin',
  },
} as const;

/** Demo vendor owners other than the demo vendor account; they have no password and cannot sign in. */
export const OWNER_ID_PREFIX = 'user-demo-owner-';
