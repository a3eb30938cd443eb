import { cakeDesigns } from '../../db/schema/index.ts';
import { buildPrompt } from '../designs/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_DESIGNS, demoDesignForm, demoDesignImageUrl } from './demo-designs.ts';
import { seedAccounts } from './seed-vendors.ts';
import { DAY, type Seeding } from './seeding.ts';

export async function seedDesigns(seeding: Seeding) {
  const { tx, now } = seeding;
  await seedAccounts(seeding);
  await tx
    .insert(cakeDesigns)
    .values(
      DEMO_DESIGNS.map((d, i) => {
        const form = demoDesignForm(d);
        return {
          id: d.id,
          customerId: DEMO_ACCOUNTS.customer.id,
          occasion: d.occasion,
          flavor: d.flavor,
          size: d.size,
          colors: d.colors,
          description: d.description,
          aiGenerated: true,
          imageUrl: demoDesignImageUrl(d.id),
          prompt: buildPrompt(form, d.style),
          style: d.style,
          dietaryRestrictions: form.dietary,
          isDemo: true,
          createdAt: new Date(now.getTime() - (70 - i * 8) * DAY),
          updatedAt: now,
        };
      }),
    )
    .onConflictDoNothing();
}
