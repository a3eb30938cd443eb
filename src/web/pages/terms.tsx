import { Link } from 'react-router';
import { POLICIES, SUPPORT_EMAIL } from '../../shared/policies.ts';
import { feePercentText } from '../../shared/fees.ts';
import { useServiceFeeRate } from '../features/auth/api.ts';
import { LegalDocument, type LegalSection } from '../features/content/legal-document.tsx';

/** The service fee as configured on the server. */
function FeePercent() {
  return <>{feePercentText(useServiceFeeRate())}</>;
}

const SECTIONS: LegalSection[] = [
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          You must be at least {POLICIES.minimumAgeYears} years old to create an account. Keep your password
          private; you are responsible for what happens under your account.
        </p>
        <p>Vendor accounts are reviewed by our team and appear in search only once approved.</p>
      </>
    ),
  },
  {
    id: 'marketplace',
    title: 'Frosted is a marketplace',
    body: (
      <p>
        Vendors are independent businesses. Each vendor is responsible for the cakes they make, for food
        safety and allergen information, and for delivering what they quoted. AI designs are concepts to guide
        your vendor; the vendor confirms what can be made.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'Payment protection',
    body: (
      <>
        <p>
          Orders are paid through Frosted. We hold the payment in escrow and release it to the vendor when you
          confirm you are satisfied, or automatically {POLICIES.satisfactionClaimHoursAfterDelivery} hours
          after delivery unless you have opened a satisfaction claim.
        </p>
        <p>
          Customers pay the quoted price. Frosted&apos;s service fee, currently <FeePercent /> of the order
          amount, is deducted from the vendor&apos;s payout and covers payment protection, support and the
          platform.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellations and refunds',
    body: (
      <ul>
        <li>Cancel more than {POLICIES.fullRefundHoursBeforeDelivery} hours before delivery: full refund.</li>
        <li>
          Cancel within {POLICIES.vendorPolicyWindowHours} hours of delivery: the vendor&apos;s own
          cancellation policy applies, a refund percentage each vendor sets on their profile.
        </li>
        <li>
          Cancel within {POLICIES.feesMayApplyWithinHours} hours of delivery: cancellation fees may apply, as
          ingredients are usually bought and baking has begun.
        </li>
      </ul>
    ),
  },
  {
    id: 'claims',
    title: 'Satisfaction claims',
    body: (
      <p>
        If your cake is not what was agreed, open a claim within{' '}
        {POLICIES.satisfactionClaimHoursAfterDelivery} hours of delivery with photos. The payment stays on
        hold while our team reviews the claim with you and the vendor, and we decide on a full, partial or no
        refund.
      </p>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews',
    body: (
      <p>
        Only customers with a completed order may review it, once. Reviews must be honest and about the order;
        we remove reviews that are abusive, off-topic or written for payment.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'What is not allowed',
    body: (
      <ul>
        <li>
          Taking or asking for payment outside Frosted for an order that started here; payment protection only
          covers payments made through Frosted.
        </li>
        <li>Misleading listings, fake reviews, harassment, or content you do not have the right to use.</li>
        <li>Interfering with the service or other people&apos;s accounts.</li>
      </ul>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        Frosted is provided as is. To the extent the law allows, our liability for any order is limited to the
        amount paid for it through Frosted. Nothing in these terms limits rights you have under British
        Columbia consumer-protection law.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of British Columbia and the federal laws of Canada that apply
        there. We will tell you by e-mail before material changes take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or our{' '}
        <Link to="/support">support page</Link>. See also the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="The agreement between you and Frosted when you design, order or sell cakes on Frosted."
      updated="November 1, 2026"
      sections={SECTIONS}
    />
  );
}
