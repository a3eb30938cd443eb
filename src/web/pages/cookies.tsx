import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../shared/policies.ts';
import { HeaderRow } from '../components/ui/table.tsx';
import { LegalDocument, type LegalSection } from '../features/content/legal-document.tsx';

const COOKIES = [
  {
    name: 'better-auth.session_token',
    purpose: 'Keeps you signed in. HttpOnly, so page scripts cannot read it.',
    duration: '7 days',
  },
  {
    name: '__Secure-better-auth.session_token',
    purpose: 'The same session cookie on secure (https) connections.',
    duration: '7 days',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'essential',
    title: 'Essential cookies only',
    body: (
      <>
        <p>
          Frosted sets only the cookies it needs to work. There are no advertising cookies and no third-party
          trackers.
        </p>
        <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-[var(--shadow-soft)]">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cookies set by Frosted</caption>
            <thead className="bg-cream-200 text-cocoa-900">
              <HeaderRow
                columns={[{ label: 'Cookie' }, { label: 'Purpose' }, { label: 'Duration' }]}
                className="px-4 py-3"
              />
            </thead>
            <tbody>
              {COOKIES.map((c) => (
                <tr key={c.name} className="border-t border-cocoa-900/10">
                  <td className="px-4 py-3 font-mono text-xs">{c.name}</td>
                  <td className="px-4 py-3">{c.purpose}</td>
                  <td className="px-4 py-3">{c.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Local storage',
    body: (
      <p>
        Your browser may keep small preferences on your device, such as a design in progress, so you do not
        lose it on reload. This never leaves your device unless you save the design.
      </p>
    ),
  },
  {
    id: 'control',
    title: 'Your choices',
    body: (
      <p>
        You can delete cookies or block them in your browser settings. Blocking the session cookie means you
        cannot stay signed in; browsing and designing still work.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. How we handle personal information
        is in the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function CookiesPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      intro="The few cookies Frosted uses, and why."
      updated="November 1, 2026"
      sections={SECTIONS}
    />
  );
}
