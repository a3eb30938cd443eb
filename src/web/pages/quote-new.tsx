import { RequireAuth } from '../components/layout/require-auth.tsx';
import { QuoteRequestForm } from '../features/quotes/request/quote-request-form.tsx';

export default function QuoteNewPage() {
  return <RequireAuth need="customer">{(user) => <QuoteRequestForm user={user} />}</RequireAuth>;
}
