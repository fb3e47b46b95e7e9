import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface ReceivedMail {
  /** Envelope recipients, as the server saw them in RCPT TO. */
  to: string[];
  /** The whole message as it arrived on the wire. */
  raw: Buffer;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message (or the nth, counting from 0) once it has arrived. */
  waitFor(index: number, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * A slow mail server: until the returned function is called, every message's DATA is held
   * unanswered (the sender is still waiting), and nothing is added to `received`.
   */
  hold(): () => void;
  /** A mailbox that does not exist here: RCPT TO for it is answered 550 until the returned function is called. */
  refuse(address: string): () => void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every message it is given, so a
 * test can check what a shopper would find in their inbox. No TLS, no login: the
 * mailer under test talks plain SMTP to 127.0.0.1 just as it would to a relay.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let held: (() => void)[] | null = null;
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          for (const w of waiters.splice(0)) w();
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(index, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!received[index]) {
        if (Date.now() > deadline) throw new Error(`No message #${index} within ${timeoutMs} ms (got ${received.length})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 100);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received[index];
    },
    hold() {
      const queue: (() => void)[] = (held = []);
      return () => {
        if (held === queue) held = null;
        for (const accept of queue.splice(0)) accept();
      };
    },
    refuse(address) {
      const key = address.toLowerCase();
      refused.add(key);
      return () => refused.delete(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Parses a raw message into headers, text and HTML parts. */
export function parseMail(raw: Buffer): Promise<Email> {
  return PostalMime.parse(raw);
}
