import { test as base } from '@playwright/test';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { startShopServer, type ShopServer } from './shop-server.ts';
import { watchPage } from './helpers.ts';
import { budget } from './time.ts';

export { expect } from '@playwright/test';
export type { Mailbox, ReceivedMail } from './mailbox.ts';

interface WorkerFixtures {
  /**
   * Which server a spec runs against. Specs that change shop-wide state (the first admin,
   * store settings) set their own name with `test.use({ shopInstance: '…' })`: Playwright
   * gives each distinct worker-option value its own worker, hence its own server and database.
   */
  shopInstance: string;
  /** More environment for this worker's server (e.g. `{ PUBLIC_URL: '' }` to run without one). */
  shopEnv: Record<string, string>;
  shop: { server: ShopServer; mailbox: Mailbox };
}

interface TestFixtures {
  /** Mail the shop sent during this worker's lifetime, delivered over real SMTP. */
  mailbox: Mailbox;
}

// The second fixture argument is called `provide`, not `use`: the React hooks lint rule
// would take `use(...)` for the React 19 hook.
export const test = base.extend<TestFixtures, WorkerFixtures>({
  shopInstance: ['shared', { scope: 'worker', option: true }],
  shopEnv: [{}, { scope: 'worker', option: true }],
  shop: [
    async ({ shopInstance, shopEnv }, provide) => {
      const mailbox = await startMailbox();
      let server: ShopServer;
      try {
        server = await startShopServer({ smtpUrl: mailbox.url, name: shopInstance, env: shopEnv });
      } catch (err) {
        await mailbox.close();
        throw err;
      }
      await provide({ server, mailbox });
      await server.stop();
      await mailbox.close();
    },
    // Normally a copy of the run's seeded template (global-setup.ts) starts in seconds; without
    // one (another config), the first start migrates and seeds the demo catalog itself.
    { scope: 'worker', timeout: budget(180_000) },
  ],
  baseURL: async ({ shop }, provide) => provide(shop.server.baseURL),
  page: async ({ page }, provide) => {
    watchPage(page);
    await provide(page);
  },
  mailbox: async ({ shop }, provide) => provide(shop.mailbox),
});
