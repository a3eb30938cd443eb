import { STARTING_CATEGORIES } from '../../../shared/plans.ts';
import { addDays, vancouverDay } from '../../../shared/time.ts';
import { eventPlans } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import type { Seeding } from './seeding.ts';

/** The demo plan's id: the demo customer's wedding, five months after the seed. */
export const DEMO_PLAN_ID = 'plan-demo-wedding';

/**
 * The demo customer's event plan (issue 25): a wedding in Vancouver with its checklist, nothing booked
 * yet, so the demo shows asking each kind of vendor from the plan.
 */
export async function seedEventPlan({ tx, now }: Seeding) {
  await tx
    .insert(eventPlans)
    .values({
      id: DEMO_PLAN_ID,
      customerId: DEMO_ACCOUNTS.customer.id,
      type: 'wedding',
      title: 'Emma & Liam’s wedding',
      eventDate: vancouverDay(addDays(now, 150)),
      startTime: '16:00',
      venueAddress: 'Hycroft, 1489 McRae Ave, Vancouver, BC V6H 1V1',
      guests: 110,
      budgetCents: 1_200_000,
      categories: [...STARTING_CATEGORIES.wedding],
      isDemo: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
