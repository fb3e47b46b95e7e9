import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { chatWidgetSettings, getChatSettings, saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { createUser } from '../../app/features/account/account.server.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

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

    it('the settings form (managers) saves every field; a post without them changes nothing', async () => {
      await createUser(t.services, { email: 'chat-manager@example.com', password: 'a long enough password', name: 'Manager', role: 'shop_manager' });
      const manager = await Client.start(t.app);
      expect((await manager.request('POST', '/api/account/login', { email: 'chat-manager@example.com', password: 'a long enough password' })).statusCode).toBe(200);
      expect((await manager.request('GET', '/admin/chat/settings')).body).toContain('Save chat settings');
      const before = await getChatSettings(t.services.db);
      const partial = await manager.request('POST', '/admin/chat/settings', 'intent=save&colour=%23000000', FORM);
      expect(partial.statusCode).toBe(400);
      expect(await getChatSettings(t.services.db)).toEqual(before);
      const body = 'intent=save&enabled=on&colour=%23ffeb3b&buttonType=classic&xPos=right&yPos=top&showDelay=3&guestLimit=5&offlineEmail=desk%40shop.example&offlineForm=on';
      const saved = await manager.request('POST', '/admin/chat/settings', body, FORM);
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain('Chat settings saved.');
      expect(await getChatSettings(t.services.db)).toMatchObject({ enabled: true, colour: '#ffeb3b', yPos: 'top', showDelay: 3, guestLimit: 5, offlineEmail: 'desk@shop.example', offlineForm: true, gdpr: false, displayLogin: false });
      const bad = await manager.request('POST', '/admin/chat/settings', body.replace('%23ffeb3b', 'red'), FORM);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter a colour like #009EDB');
    });
  });
}
