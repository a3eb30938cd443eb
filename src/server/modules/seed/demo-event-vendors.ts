/**
 * The demo event vendors (issue 25): two in each category besides cakes, spread over the eight BC
 * locations, each with packages, portfolio pictures drawn by event-art.ts, and one review from a
 * completed order of a demo guest. Like the cake makers, their rating and counts are derived by the
 * seeder from those orders and reviews.
 */
import type { DemoEventVendor } from './demo-event-shops.ts';
import { EVENT_VENDORS_1 } from './demo-event-vendors-1.ts';
import { EVENT_VENDORS_2 } from './demo-event-vendors-2.ts';

export { DEMO_GUESTS, type DemoEventVendor } from './demo-event-shops.ts';

export const DEMO_EVENT_VENDORS: DemoEventVendor[] = [...EVENT_VENDORS_1, ...EVENT_VENDORS_2];
