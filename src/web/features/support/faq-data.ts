import { LOCATIONS } from '../../../shared/catalog.ts';
import { POLICIES } from '../../../shared/policies.ts';

export interface FaqItem {
  q: string;
  a: string;
}

export interface FaqGroup {
  title: 'Getting Started' | 'Ordering & Payment' | 'Vendors';
  items: FaqItem[];
}

const claimHours = POLICIES.satisfactionClaimHoursAfterDelivery;
const areas = new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(LOCATIONS.map((l) => l.label));

/** The FAQ, with the service fee as configured (e.g. '8%'). */
export const buildFaq = (fee: string): FaqGroup[] => [
  {
    title: 'Getting Started',
    items: [
      {
        q: 'What is Frosted?',
        a: 'Frosted is a marketplace for custom cakes in British Columbia. You design a cake with our AI designer, compare quotes from verified local bakers, and order and pay through Frosted with payment protection.',
      },
      {
        q: 'How does the AI cake designer work?',
        a: 'Choose the occasion, flavour and size, then add colours, dietary needs and any details you like. The designer draws your cake in seconds, or up to three variations in different styles side by side. A design is a concept for your baker, who confirms what can be made.',
      },
      {
        q: 'Do I need an account?',
        a: 'No account is needed to browse vendors or to try a few designs a day. Create a free customer account to save designs, keep favourite vendors, request quotes, order and message bakers.',
      },
      {
        q: 'Can I share a design before I order?',
        a: 'Yes. Every design has a link you can send to friends or family for a second opinion. Sign in to save it to your account and request quotes for it later.',
      },
      {
        q: 'Which areas do you serve?',
        a: `Frosted vendors bake for customers in ${areas}. When you request a quote you choose pickup or delivery, and each vendor answers for their own area.`,
      },
    ],
  },
  {
    title: 'Ordering & Payment',
    items: [
      {
        q: 'How do quotes work?',
        a: 'Send your design to one or more vendors at once with the date, pickup or delivery, servings, budget and any allergies. Vendors answer with a price, a message and how long the quote is valid, or decline. Compare the quotes side by side and accept the one you like; the others are closed.',
      },
      {
        q: 'How does payment protection (escrow) work?',
        a: `When you pay, Frosted holds the money in escrow. The vendor can see the payment is secured but is paid only once you confirm you are satisfied, or automatically ${claimHours} hours after delivery if you have not opened a claim.`,
      },
      {
        q: 'Is there a service fee?',
        a: `Customers pay the price they accepted in the quote. Vendors pay a service fee, currently ${fee} of the order amount, deducted from their payout; it covers payment protection, support and the platform.`,
      },
      {
        q: 'Can I cancel an order and get a refund?',
        a: `Cancel more than ${POLICIES.fullRefundHoursBeforeDelivery} hours before delivery for a full refund. Within ${POLICIES.vendorPolicyWindowHours} hours of delivery the vendor's own cancellation policy applies, and within ${POLICIES.feesMayApplyWithinHours} hours cancellation fees may apply, as baking has usually begun.`,
      },
      {
        q: 'What if my cake is not what I ordered?',
        a: `Open a satisfaction claim within ${claimHours} hours of delivery, with photos. The payment stays on hold while our team reviews the claim with you and the vendor and decides on a full, partial or no refund.`,
      },
    ],
  },
  {
    title: 'Vendors',
    items: [
      {
        q: 'How do I become a vendor?',
        a: 'Choose Join as Vendor and apply with your business name, e-mail, phone, address and specialty. The Frosted team reviews every application and e-mails you when you are approved, or explains why not.',
      },
      {
        q: 'What does the Verified badge mean?',
        a: 'Every vendor with the Verified badge has been reviewed and approved by the Frosted team. Only approved vendors appear in search and can receive quote requests.',
      },
      {
        q: 'When do vendors get paid?',
        a: `The customer pays before you bake, and you can see the payment is secured. It is released to you when the customer confirms they are satisfied, or ${claimHours} hours after delivery without a claim, less the platform service fee.`,
      },
      {
        q: 'Can I set my own cancellation policy?',
        a: `Yes. Cancellations more than ${POLICIES.fullRefundHoursBeforeDelivery} hours before delivery are always refunded in full. Within ${POLICIES.vendorPolicyWindowHours} hours of delivery, the refund percentage you set on your profile applies.`,
      },
      {
        q: 'Why are phone numbers hidden in messages?',
        a: 'Until an order is paid, phone numbers, e-mail addresses and links in messages are masked, so deals stay on Frosted where both sides are protected. Your pickup address is shown to the customer only after payment.',
      },
    ],
  },
];

/** Case-insensitive match over questions and answers; groups without a match are dropped. */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const q = query.trim().toLocaleLowerCase('en-CA');
  if (!q) return groups;
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => `${i.q}\n${i.a}`.toLocaleLowerCase('en-CA').includes(q)),
    }))
    .filter((g) => g.items.length > 0);
}
