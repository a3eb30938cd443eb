/** What the rest of the server, the scripts and the tests use of the demo seeder and its data. */
export { clearDemoData } from './clear-demo-data.ts';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
export { demoOrders } from './demo-activity.ts';
export { DEMO_ART, DEMO_DESIGNS, demoDesignForm, demoDesignImageUrl, fitLongSide } from './demo-designs.ts';
export { DEMO_VENDORS, type DemoVendor } from './demo-vendors.ts';
export { demoPortfolioFile } from './demo-portfolio.ts';
export {
  SEED_TABLES,
  countDemoRows,
  isEmptyDatabase,
  seedAll,
  seedTable,
  type SeedTable,
} from './service.ts';
