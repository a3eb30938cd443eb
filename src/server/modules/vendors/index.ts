/* The vendors module's public face: what other modules may use (the rest is its own). */
export { vendorApplicationRoutes } from './application-routes.ts';
export { categoryPageHead } from './category-page.ts';
export { packageRoutes } from './packages-routes.ts';
export { portfolioRoutes } from './portfolio-routes.ts';
export { presentVendorCard } from './presenter.ts';
export { vendorProfileRoutes } from './profile-routes.ts';
export { profileImageKeys } from './profile-service.ts';
export { vendorRoutes } from './routes.ts';
