import type { ReactNode } from 'react';
import { CallToAction } from '../features/home/call-to-action.tsx';
import { CategoryRow } from '../features/home/category-row.tsx';
import { DesignerSection } from '../features/home/designer-section.tsx';
import { FeaturedVendors } from '../features/home/featured-vendors.tsx';
import { FeaturesGrid } from '../features/home/features-grid.tsx';
import { Hero } from '../features/home/hero.tsx';
import { Testimonials } from '../features/home/testimonials.tsx';

/** A section below the first screen: laid out when it comes near (styles.css, lazy-render). */
const Later = ({ children }: { children: ReactNode }) => <div className="lazy-render">{children}</div>;

export default function HomePage() {
  return (
    <>
      <Hero />
      <Later>
        <DesignerSection />
      </Later>
      <Later>
        <FeaturesGrid />
      </Later>
      <Later>
        <CategoryRow />
      </Later>
      <Later>
        <FeaturedVendors />
      </Later>
      <Later>
        <Testimonials />
      </Later>
      <Later>
        <CallToAction />
      </Later>
    </>
  );
}
