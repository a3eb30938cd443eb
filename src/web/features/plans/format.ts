import { categoryLabel } from '../../../shared/catalog.ts';
import { formatCents } from '../../../shared/money.ts';
import type { PlanView } from '../../../shared/schemas/plans.ts';
import { formatDayKey } from '../../../shared/time.ts';
import type { PlanFormValues } from './plan-form.tsx';

/** "4:00 p.m." from "16:00". */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'a.m.' : 'p.m.';
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** An instant's time of day in Vancouver: "2:00 p.m.". */
export const formatInstantClock = (at: string) =>
  formatClock(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Vancouver',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(at)),
  );

/** "Saturday, June 12, 2027 at 4:00 p.m." */
export const planWhen = (p: Pick<PlanView, 'eventDate' | 'startTime'>) =>
  `${formatDayKey(p.eventDate)} at ${formatClock(p.startTime)}`;

/** What is left of the budget, or by how much the bookings pass it. */
export function budgetLeft(p: Pick<PlanView, 'budgetCents' | 'bookedCents'>): string {
  const left = p.budgetCents - p.bookedCents;
  return left >= 0 ? `${formatCents(left)} left` : `${formatCents(-left)} over budget`;
}

/** "Bloom & Co sets up" or, a name not shown, "Flowers: sets up". */
export const timelineLine = (e: { businessName: string | null; category: string; does: string }) =>
  e.businessName ? `${e.businessName} ${e.does}` : `${categoryLabel(e.category)}: ${e.does}`;

/** The plan as its edit form starts. */
export const planFormValues = (p: PlanView): PlanFormValues => ({
  type: p.type,
  title: p.title,
  eventDate: p.eventDate,
  startTime: p.startTime,
  venueAddress: p.venueAddress,
  guests: String(p.guests),
  budgetCents: String(p.budgetCents / 100),
  categories: p.categories.map((c) => c.category),
});
