import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button.tsx';
import { NotFound } from './not-found.tsx';

/** The router's error element: 404 responses show the 404 page, anything else the reload screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-cocoa-600">
        An unexpected error stopped this page. Reloading usually fixes it.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload Page
      </Button>
    </div>
  );
}
