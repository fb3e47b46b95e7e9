import { parseMail, startSmtpServer } from '../helpers/smtp.ts';

/** One message as the SMTP server received it, parsed. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port> — what the shop's SMTP_URL points at. */
  url: string;
  /** Resolves with the first message to `to` whose subject matches; fails after `timeout` ms. */
  waitForMail(to: string, subject: RegExp, opts?: { timeout?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * The test SMTP server (tests/helpers/smtp.ts) with lookup by recipient and subject: the
 * shop delivers through nodemailer exactly as in production, and many tests share one
 * server, each finding its own mail by its unique address.
 */
export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startSmtpServer();
  const parsed: ReceivedMail[] = [];

  /** Parses whatever arrived since the last look, in arrival order. */
  async function catchUp(): Promise<ReceivedMail[]> {
    while (parsed.length < smtp.received.length) {
      const { to, raw } = smtp.received[parsed.length];
      const email = await parseMail(raw);
      parsed.push({
        to: to.map((a) => a.toLowerCase()),
        subject: email.subject ?? '',
        text: email.text ?? '',
        html: email.html ?? '',
      });
    }
    return parsed;
  }

  return {
    url: smtp.url,
    async waitForMail(to, subject, { timeout = 15_000 } = {}) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const mail = (await catchUp()).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        if (mail) return mail;
        if (Date.now() > deadline) {
          const seen = parsed.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ') || '(none)';
          throw new Error(`No mail to ${to} matching ${subject} within ${timeout} ms. Received:\n  ${seen}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => smtp.close(),
  };
}
