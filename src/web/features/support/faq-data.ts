import { POLICIES } from '../../../shared/policies.ts';

export interface FaqGroup {
  title: 'Getting Started' | 'Ordering & Payment' | 'Vendors';
  items: { q: string; a: string }[];
}

const fee = Math.round(POLICIES.defaultServiceFeeRate * 100);

export const FAQ: FaqGroup[] = [
  {
    title: 'Getting Started',
    items: [
      {
        q: 'What is Frosted?',
        a: 'Frosted is a marketplace for custom cakes in British Columbia. You design a cake with our AI designer, compare quotes from verified local bakers, and order and pay through Frosted with payment protection.',
      },
      {
        q: 'How does the AI cake designer work?',
        a: 'Choose the occasion, flavour and size, then add colours, dietary needs and any details. The designer draws your cake in seconds, or three variations in different styles. Designs are concepts for your baker, who confirms what can be made.',
      },
      {
        q: 'Do I need an account?',
        a: 'No account is needed to browse vendors or try a few designs each day. Create a free customer account to save designs, keep favourites, request quotes and order.',
      },
      {
        q: 'Which areas do you serve?',
        a: 'Vendors on Frosted serve Vancouver, Burnaby, North Vancouver, Richmond, New Westminster, Surrey, Delta and Vancouver Island. Each vendor lists where they deliver and whether pickup is available.',
      },
    ],
  },
  {
    title: 'Ordering & Payment',
    items: [
      {
        q: 'How do quotes work?',
        a: 'Send your design to one or more vendors with the date, servings, budget and any allergies. Vendors answer with a price and a message, and you compare the quotes side by side before accepting one.',
      },
      {
        q: 'How does payment protection (escrow) work?',
        a: `When you pay, Frosted holds the money. The vendor is paid once you confirm you are satisfied, or automatically ${POLICIES.satisfactionClaimHoursAfterDelivery} hours after delivery if you have not opened a claim.`,
      },
      {
        q: 'Is there a service fee?',
        a: `Yes. A service fee of ${fee}% of the order covers payment protection, support and the platform. It is shown before you pay.`,
      },
      {
        q: 'Can I cancel an order and get a refund?',
        a: `Cancel more than ${POLICIES.fullRefundHoursBeforeDelivery} hours before delivery for a full refund. Within ${POLICIES.vendorPolicyWindowHours} hours, the vendor's own cancellation policy applies, and within ${POLICIES.feesMayApplyWithinHours} hours cancellation fees may apply.`,
      },
      {
        q: 'What if my cake is not what I ordered?',
        a: `Open a satisfaction claim within ${POLICIES.satisfactionClaimHoursAfterDelivery} hours of delivery. The payment stays on hold while our team reviews the claim with you and the vendor.`,
      },
    ],
  },
  {
    title: 'Vendors',
    items: [
      {
        q: 'How do I become a vendor?',
        a: 'Apply with your business name, address, phone and specialty. Our team reviews every application, usually within two business days, and e-mails you the decision.',
      },
      {
        q: 'What does the Verified badge mean?',
        a: 'Verified vendors have been reviewed and approved by the Frosted team. Only approved vendors appear in search.',
      },
      {
        q: 'When do vendors get paid?',
        a: `Payment is released when the customer confirms satisfaction, or ${POLICIES.satisfactionClaimHoursAfterDelivery} hours after delivery without a claim, less the ${fee}% service fee.`,
      },
      {
        q: 'Can I set my own cancellation policy?',
        a: `Yes. Cancellations more than ${POLICIES.fullRefundHoursBeforeDelivery} hours before delivery are always refunded in full; inside that window, the refund percentage you set on your profile applies.`,
      },
    ],
  },
];

/** Case-insensitive match over questions and answers; groups without a match are dropped. */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => `${i.q} ${i.a}`.toLowerCase().includes(q)) }))
    .filter((g) => g.items.length > 0);
}
