import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createForm, seedDemoContactForm } from '../../app/features/forms/forms.server.ts';
import { DEMO_CONTACT_FORM_ID } from '../../app/features/forms/demo-form.ts';
import { listStoredMail } from '../../app/lib/mail.server.ts';
import { createTestApp, logCapture, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { freshIp, hiddenFields, postFeedback } from '../helpers/forms.ts';

/*
 * A shop as installed, with no environment variable for mail: the demo contact form must
 * send (to the outbox, with no SMTP server) before anyone has set the shop up, and to the
 * owner once an administrator exists. A mail that cannot be composed is logged with why.
 */

const values = (n: number) => ({
  'your-name': 'Ann Example',
  'your-email': 'ann@example.com',
  'your-subject': `Question ${n}`,
  'your-topic': 'A product',
  'your-contact[]': ['By e-mail'],
  'your-message': `I ordered a lamp last week and would like to know when it ships (${n}).`,
  'your-website': '',
  'your-quiz': '5',
  'your-consent': '1',
});

for (const dialect of await dialects()) {
  describe(`the demo contact form on a default install (${dialect})`, () => {
    let t: TestApp;
    const logs = logCapture();

    beforeAll(async () => {
      // No mailFrom, no SMTP: the defaults a fresh `npm start` has.
      t = await createTestApp(dialect, { logStream: logs.stream });
      await seedDemoContactForm(t.services.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    const ownerMails = async () => (await listStoredMail(t.services.config.dataDir)).filter((m) => m.subject.includes('Question') && !m.subject.startsWith('We received'));

    it('sends to the outbox before the shop is set up (the sender address is a valid recipient)', async () => {
      const hidden = await hiddenFields(t.services, DEMO_CONTACT_FORM_ID);
      const res = await postFeedback(t.app, DEMO_CONTACT_FORM_ID, { ...hidden, ...values(1) }, [], { ip: freshIp() });
      expect(res.json()).toMatchObject({ status: 'mail_sent' });
      const mails = await ownerMails();
      expect(mails.map((m) => m.to)).toContain(t.services.config.mailFrom.replace(/^.*<|>$/g, ''));
    });

    it("goes to the first administrator's address once the shop has one", async () => {
      await createUser(t.services, { email: 'owner@shop.example', password: 'a long enough password', name: 'Owner', role: 'admin' });
      const hidden = await hiddenFields(t.services, DEMO_CONTACT_FORM_ID);
      const res = await postFeedback(t.app, DEMO_CONTACT_FORM_ID, { ...hidden, ...values(2) }, [], { ip: freshIp() });
      expect(res.json()).toMatchObject({ status: 'mail_sent' });
      const mail = (await ownerMails()).find((m) => m.subject.includes('Question 2'));
      expect(mail?.to).toBe('owner@shop.example');
    });

    it('a mail without a valid recipient is logged with its reason', async () => {
      const { id } = await createForm(t.services.db, {
        title: 'Nowhere',
        source: '[email* your-email]\n[submit "Send"]',
        mail: { active: true, to: 'nobody', from: '', subject: 'Hi', additionalHeaders: '', body: '[your-email]', attachments: '', html: false },
      });
      const hidden = await hiddenFields(t.services, id, `wpcf7-f${id}-p5-o1`);
      const res = await postFeedback(t.app, id, { ...hidden, 'your-email': 'ann@example.com' }, [], { ip: freshIp() });
      expect(res.json()).toMatchObject({ status: 'mail_failed' });
      expect(logs.entries.some((l) => l.msg === 'contact form mail not sent' && l.reason === 'no valid recipient in "To"')).toBe(true);
    });
  });
}
