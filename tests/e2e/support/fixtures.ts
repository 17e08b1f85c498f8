import { test as base, expect } from '@playwright/test';
import { startCritServer, type CritServer } from './crit-server.ts';
import { DesignPage } from './design-page.ts';
import { LandingPage } from './landing-page.ts';
import { WorkspacePage } from './workspace-page.ts';

interface Fixtures {
  crit: CritServer;
  landing: LandingPage;
  workspace: WorkspacePage;
  design: DesignPage;
}

/** Every test gets its own server and data folder, and page objects bound to them. */
export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter; this one has none.
  // oxlint-disable-next-line no-empty-pattern
  crit: async ({}, use) => {
    const server = await startCritServer();
    await use(server);
    await server.stop();
  },
  landing: async ({ page, crit }, use) => use(new LandingPage(page, crit)),
  workspace: async ({ page, crit }, use) => use(new WorkspacePage(page, crit)),
  design: async ({ page, crit }, use) => use(new DesignPage(page, crit)),
});

export { expect };
