import { Link } from 'react-router';
import { POLICIES, SUPPORT_EMAIL } from '../../shared/policies.ts';
import { LegalDocument, type LegalSection } from '../features/content/legal-document.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          Account details: your name, e-mail address, phone number (optional for customers) and password
          (stored only as a strong one-way hash).
        </li>
        <li>For vendors: business name, address, phone, specialty, portfolio and payout details.</li>
        <li>
          What you create and do on Frosted: cake designs and the descriptions behind them, quote requests,
          orders, messages, reviews and favourites.
        </li>
        <li>
          Technical data: the session cookie that keeps you signed in, your IP address and browser type, kept
          in server logs for security.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'Why we use it',
    body: (
      <>
        <p>
          We use your information to run the marketplace: to show your designs, pass your requests to the
          vendors you choose, process payments and payment protection, deliver notifications, prevent fraud
          and answer support requests.
        </p>
        <p>We do not sell your personal information, and we do not use it for third-party advertising.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <ul>
        <li>
          Vendors you request quotes from or order from receive what they need to make and deliver your cake:
          your design, name, order details and, once you have paid, the delivery address.
        </li>
        <li>Payment processors handle card details directly; Frosted never stores full card numbers.</li>
        <li>E-mail and hosting providers that process data on our behalf under contract.</li>
        <li>Authorities, when Canadian law requires it.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Frosted uses only essential cookies, such as the one that keeps you signed in. Read the{' '}
        <Link to="/cookies">Cookie Policy</Link> for the full list.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>
          We keep order, payment and account records for {POLICIES.dataRetentionYearsAfterClosure} years after
          your account is closed, as Canadian tax and consumer-protection rules require, then delete them.
        </p>
        <p>
          An account with no sign-in for {POLICIES.inactiveAccountYears} years is considered inactive. We
          e-mail you before closing it; if you do not sign in within 30 days of that notice, the account is
          closed and the retention period above begins.
        </p>
      </>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        Under British Columbia&apos;s Personal Information Protection Act (PIPA) and Canada&apos;s PIPEDA, you
        may ask for a copy of your personal information, ask us to correct it, withdraw consent where we rely
        on it, and ask us to delete it where we are not required to keep it. Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>; we answer within 30 days.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Frosted is not for children under {POLICIES.privacyMinimumAgeYears}, and we do not knowingly collect
        their information. Accounts are for adults of at least {POLICIES.minimumAgeYears} (see the{' '}
        <Link to="/terms">Terms of Service</Link>). If you believe a child has given us information, contact
        us and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Traffic is encrypted, passwords are hashed, sessions are HttpOnly cookies, and staff access to
        personal data is limited to what their work needs.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Frosted Marketplace Inc., Vancouver, British Columbia. Privacy questions:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, or through our{' '}
        <Link to="/support">support page</Link>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="What Frosted collects, why, who sees it, and the choices you have."
      updated="November 1, 2026"
      sections={SECTIONS}
    />
  );
}
