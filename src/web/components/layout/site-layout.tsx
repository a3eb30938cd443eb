import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

/** The site's pages (visitors' and customers'): the marketing navigation, the page, the footer. */
export function SiteLayout() {
  return (
    <>
      <NavBar />
      {/* At least a screen tall less the navigation bar (h-16): the footer starts below the first screen,
          so a page that fills in as its data arrives never pushes it down in view (a layout shift). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)]">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
