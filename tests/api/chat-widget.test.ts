import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { chatWidgetSettings, saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';

/* The chat widget's settings as storefront pages carry them (root data), and only those. */
for (const dialect of await dialects()) {
  describe(`chat widget settings in page data (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is off by default, then carries the look and nothing private', async () => {
      const visitor = await Client.start(t.app);
      expect(await chatWidgetSettings(t.services.db)).toBeNull();
      const off = await visitor.request('GET', '/_root.data');
      expect(off.statusCode).toBe(200);
      expect(off.body).not.toContain('buttonType');

      await saveChatSettings(t.services.db, { enabled: true, colour: '#123456', buttonType: 'round', xPos: 'left', offlineEmail: 'private-ops@shop.example' });
      // A write outside any request: the next request's caches see it from the next turn on.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await chatWidgetSettings(t.services.db)).toEqual({ colour: '#123456', buttonType: 'round', xPos: 'left', yPos: 'bottom', showDelay: 0 });
      for (const url of ['/_root.data', '/shop.data', '/shop']) {
        const on = await visitor.request('GET', url);
        expect(on.statusCode, url).toBe(200);
        expect(on.body, url).toContain('#123456');
        expect(on.body, url).not.toContain('private-ops@shop.example');
      }
    });

    it('refuses a colour that is not #rrggbb and a launcher type it does not know', async () => {
      await expect(saveChatSettings(t.services.db, { colour: 'red;background:url(x)' })).rejects.toThrow();
      await expect(saveChatSettings(t.services.db, { buttonType: 'square' })).rejects.toThrow();
    });
  });
}
