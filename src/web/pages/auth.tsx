import { Cake, Store } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card } from '../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { CustomerSignUpForm } from '../features/auth/customer-sign-up-form.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { VendorSignUpForm } from '../features/auth/vendor-sign-up-form.tsx';
import { DemoModeBanner } from '../features/auth/demo-mode-banner.tsx';
import { GoogleButton } from '../features/auth/google-button.tsx';

const TABS = ['customer-signin', 'customer-register', 'vendor-signin', 'vendor-register'] as const;
type Tab = (typeof TABS)[number];

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab =
    requested && TABS.includes(requested)
      ? requested
      : params.get('type') === 'vendor'
        ? 'vendor-signin'
        : 'customer-signin';
  const isVendor = tab.startsWith('vendor');
  const setTab = (next: string) =>
    setParams(
      (p) => {
        p.set('tab', next);
        if (next.startsWith('vendor')) p.set('type', 'vendor');
        else p.delete('type');
        return p;
      },
      { replace: true },
    );

  return (
    <div className="bg-gradient-to-b from-rose-50 to-cream-100 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-xl">
        <div className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-white text-rose-500 shadow-sm">
            {isVendor ? <Store className="size-7" aria-hidden /> : <Cake className="size-7" aria-hidden />}
          </span>
          <h1 className="mt-5 text-4xl font-semibold">
            {isVendor ? 'Sell on Frosted' : 'Welcome to Frosted'}
          </h1>
          <p className="mt-3 text-cocoa-600">
            {isVendor
              ? 'Sign in to your vendor dashboard, or apply to join our verified vendors.'
              : 'Sign in to save designs, request quotes and track your orders.'}
          </p>
        </div>
        <div className="mt-8 space-y-3">
          <DemoModeBanner />
          {params.get('verified') === '1' && !params.get('error') && (
            <p role="status" className="rounded-2xl bg-sage-100 p-4 text-sm font-medium text-sage-700">
              Your e-mail is confirmed. You can sign in now.
            </p>
          )}
          {params.get('error') && (
            <p role="alert" className="rounded-2xl bg-rose-100 p-4 text-sm font-medium text-rose-700">
              This confirmation link is invalid or has expired. Sign in and we will send you a new one.
            </p>
          )}
        </div>
        <Card className="mt-4 p-6 sm:p-8">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Account" className="grid w-full grid-cols-2 rounded-2xl sm:grid-cols-4">
              <TabsTrigger value="customer-signin">Sign In</TabsTrigger>
              <TabsTrigger value="customer-register">Register</TabsTrigger>
              <TabsTrigger value="vendor-signin">Vendor Sign In</TabsTrigger>
              <TabsTrigger value="vendor-register">Vendor Register</TabsTrigger>
            </TabsList>
            <TabsContent value="customer-signin" className="space-y-5">
              <SignInForm idPrefix="cs" />
              <GoogleButton />
            </TabsContent>
            <TabsContent value="customer-register" className="space-y-5">
              <CustomerSignUpForm onRegistered={() => setTab('customer-signin')} />
              <GoogleButton />
            </TabsContent>
            <TabsContent value="vendor-signin">
              <SignInForm idPrefix="vs" />
            </TabsContent>
            <TabsContent value="vendor-register">
              <VendorSignUpForm onRegistered={() => setTab('vendor-signin')} />
            </TabsContent>
          </Tabs>
        </Card>
      </div>
    </div>
  );
}
