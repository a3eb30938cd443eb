import { Cake, Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { type SessionUser, useSession } from '../../lib/auth-client.ts';

export function CallToAction() {
  const user = useSession().data?.user as SessionUser | undefined;
  // A signed-in customer goes straight to the request form; a vendor to their dashboard; a visitor signs in.
  const quotesPath = !user ? '/auth' : user.userType === 'vendor' ? '/vendor-dashboard' : '/quotes/new';
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <h2 id="cta-title" className="sr-only">
        Get started with Frosted
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-[2rem] bg-gradient-to-br from-rose-500 to-rose-700 p-8 text-white sm:p-10">
          <Cake className="size-10 text-rose-100" aria-hidden />
          <h3 className="mt-5 text-3xl font-semibold text-white">Planning a celebration?</h3>
          <p className="mt-3 max-w-sm text-rose-50">
            Design your cake in minutes, compare quotes from verified bakers and pay only when you are happy.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-rose-700 hover:bg-rose-50">
              <Link to="/#ai-designer">Start Designing</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white"
            >
              <Link to={quotesPath}>Get Quotes from Vendors</Link>
            </Button>
          </div>
        </div>
        <div className="rounded-[2rem] bg-cocoa-900 p-8 text-cream-100 sm:p-10">
          <Store className="size-10 text-gold-400" aria-hidden />
          <h3 className="mt-5 text-3xl font-semibold text-cream-100">Are you a cake maker?</h3>
          <p className="mt-3 max-w-sm text-cream-300">
            Join Frosted to receive ready-to-quote custom orders, get paid securely and grow your bakery.
          </p>
          <Button asChild size="lg" className="mt-8 bg-gold-400 text-cocoa-900 hover:bg-gold-500">
            <Link to="/auth?type=vendor">Join as Vendor</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
