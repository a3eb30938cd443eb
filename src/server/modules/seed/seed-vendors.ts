/** The demo people and the demo vendors' shops, with their checklists when a store is given. */
import { hashPassword } from 'better-auth/crypto';
import { accounts, users, vendors } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedDemoVerification } from './demo-verification.ts';
import { DEMO_VENDOR_CAPABILITIES, DEMO_VENDORS } from './demo-vendors.ts';
import { seedEventVendors } from './seed-event-vendors.ts';
import { DAY, type Seeding } from './seeding.ts';

export async function seedAccounts({ tx, now, demoAccounts }: Seeding) {
  const accountsToSeed = Object.values(DEMO_ACCOUNTS).filter((a) => demoAccounts || a.role !== 'admin');
  const people = accountsToSeed.map((a) => ({
    id: a.id,
    name: `${a.firstName} ${a.lastName}`,
    email: a.email,
    emailVerified: true,
    userType: a.userType,
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    location: a.location,
    role: a.role,
    isDemo: true,
    createdAt: now,
    updatedAt: now,
  }));
  const owners = DEMO_VENDORS.filter((v) => v.ownerId !== DEMO_ACCOUNTS.vendor.id).map((v) => ({
    id: v.ownerId,
    name: v.businessName,
    email: `${v.ownerId.replace('user-demo-', '')}@frosted.demo`,
    emailVerified: true,
    userType: 'vendor',
    phone: v.phone,
    isDemo: true,
    createdAt: now,
    updatedAt: now,
  }));
  await tx
    .insert(users)
    .values([...people, ...owners])
    .onConflictDoNothing();
  if (!demoAccounts) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await tx
    .insert(accounts)
    .values(
      accountsToSeed.map((a) => ({
        id: `${a.id}-credential`,
        accountId: a.id,
        providerId: 'credential',
        userId: a.id,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

export async function seedVendors(seeding: Seeding) {
  const { tx, now, store } = seeding;
  // Files (checklists, event vendors' pictures) once per run: several seeders need the vendors.
  const files = seeding.verificationSeeded ? undefined : store;
  await seedAccounts(seeding);
  await tx
    .insert(vendors)
    .values(
      DEMO_VENDORS.map((v, i) => ({
        id: v.id,
        userId: v.ownerId,
        businessName: v.businessName,
        businessAddress: v.businessAddress,
        specialty: v.specialty,
        phone: v.phone,
        description: v.description,
        website: v.website,
        instagram: v.instagram,
        // The badge follows the checklist seeded below (recomputed there).
        verified: false,
        status: 'approved',
        priceTier: v.priceTier,
        location: v.location,
        imageUrl: v.imageUrl,
        ...DEMO_VENDOR_CAPABILITIES[v.id],
        isDemo: true,
        createdAt: new Date(now.getTime() - (400 + i * 30) * DAY),
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  await seedEventVendors(seeding, files);
  if (files) {
    await seedDemoVerification({
      tx,
      store: files,
      now,
      vendors: DEMO_VENDORS,
      reviewerId: seeding.demoAccounts ? DEMO_ACCOUNTS.admin.id : null,
    });
    seeding.verificationSeeded = true;
  }
}
