import { CallToAction } from '../features/home/call-to-action.tsx';
import { DesignerSection } from '../features/home/designer-section.tsx';
import { FeaturedVendors } from '../features/home/featured-vendors.tsx';
import { FeaturesGrid } from '../features/home/features-grid.tsx';
import { Hero } from '../features/home/hero.tsx';
import { Testimonials } from '../features/home/testimonials.tsx';

export default function HomePage() {
  return (
    <>
      <Hero />
      <DesignerSection />
      <FeaturesGrid />
      <FeaturedVendors />
      <Testimonials />
      <CallToAction />
    </>
  );
}
