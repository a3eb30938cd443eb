import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './support/browser.ts';

/**
 * One Chromium for the whole browser-test run: test files connect to it (launchBrowser in
 * tests/support/browser.ts) instead of each starting its own, and every page still gets a
 * BrowserContext of its own (its own cookies and storage), as before.
 */
export default async function setup(project: TestProject) {
  const server = await launchBrowserServer();
  project.provide('browserEndpoint', server.wsEndpoint());
  // Workers that keep their modules from file to file keep their test server's port and database for
  // the next file (tests/support/server.ts, tests/support/e2e-database.ts).
  project.provide('e2eWorkersKeepModules', project.config.isolate === false);
  return () => server.close();
}
