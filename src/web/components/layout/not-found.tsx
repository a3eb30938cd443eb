import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-semibold text-rose-500">404</p>
      <h1 className="mt-4 text-3xl font-semibold">Oops! Page not found</h1>
      <p className="mt-3 text-cocoa-600">
        This page must have been eaten. The link may be old, or the address mistyped.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
