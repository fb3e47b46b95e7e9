import type { Services } from '../../lib/services.server.ts';
import { inBackground } from '../../lib/background.server.ts';
import { repeat } from '../../lib/repeat.server.ts';
import type { ShopMail } from '../emails/compose.server.ts';
import type { EmailId } from '../settings/email-catalog.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';

/*
 * The one way an alert e-mail goes out (the shop's low- and out-of-stock mails, the shoppers'
 * price-drop and back-in-stock mails). A kind of alert says where its news waits and how it is
 * worded; the pipeline does the rest, the same for all:
 *
 * - queue: a writer leaves the news in the database in its own transaction (a marked stock log
 *   row, a queued product) and kicks a run after the commit; a timer catches what other
 *   processes wrote.
 * - rate: runs are never doubled (a kick during a run makes it go round once more) and take the
 *   news a batch at a time.
 * - switched off: news of an e-mail the owner switched off is left where it waits, not claimed,
 *   so it goes out once the e-mail is switched on again (the next timer run).
 * - dedupe: the kind claims its news with a conditional write, so of two runs (or two processes)
 *   only one tells it.
 * - compose: the kind words each letter through composeEmail (its own compose function, shared
 *   with the admin's preview); a letter that composes to nothing is not counted as told.
 * - deliver: to each address; a failed send is logged with the letter's own context.
 */

/** One letter of a run: what composeEmail made (null: switched off meanwhile), and to whom. */
export interface AlertLetter {
  to: string[];
  mail: ShopMail | null;
  /** What the mailer should know besides the words (the message's kind, its headers). */
  extra?: { kind?: 'order' | 'account' | 'other'; headers?: Record<string, string> };
  /** Said in the log when a send fails (e.g. `{ stockLog: 12 }`). */
  context: Record<string, unknown>;
}

export interface AlertKind<News> {
  /** As said in the log and the timer's name: "stock alerts". */
  name: string;
  /** The e-mails it sends (app/features/settings/email-catalog.ts). */
  emails: readonly EmailId[];
  /** How many pieces of news a claim takes at most. */
  batch: number;
  /** How often the timer looks, for other processes' writes. */
  everyMs: number;
  /**
   * Claims up to `limit` pieces of waiting news for e-mails in `on` only (a conditional write:
   * news another run claimed is not answered again). `more`: there may be more waiting.
   */
  claim(services: Services, on: ReadonlySet<EmailId>, limit: number): Promise<{ news: News[]; more: boolean }>;
  /** The letters telling the claimed news. */
  letters(services: Services, settings: StoreSettings, news: News[]): Promise<AlertLetter[]>;
}

export interface AlertPipeline {
  /** Tells all waiting news; answers how many letters went out. */
  run(services: Services): Promise<number>;
  /** A run in the background after a write has committed; runs are not doubled. */
  kick(services: Services): void;
  /** The timer, under the job gate; the answer stops it. */
  schedule(services: Services, everyMs?: number): () => Promise<void>;
}

export function alertPipeline<News>(kind: AlertKind<News>): AlertPipeline {
  const running = new WeakMap<object, { again: boolean }>();

  async function run(services: Services): Promise<number> {
    let told = 0;
    for (;;) {
      const settings = await getSettings(services.db);
      const on = new Set(kind.emails.filter((id) => settings.emails[id].enabled));
      if (on.size === 0) return told;
      const { news, more } = await kind.claim(services, on, kind.batch);
      if (news.length) for (const letter of await kind.letters(services, settings, news)) if (await deliver(services, letter)) told++;
      if (!more) return told;
    }
  }

  async function deliver(services: Services, letter: AlertLetter): Promise<boolean> {
    if (!letter.mail) return false;
    for (const address of letter.to) {
      try {
        await services.mailer.send({ to: address, ...letter.extra, ...letter.mail });
      } catch (err) {
        services.log.error({ err, ...letter.context }, `${kind.name}: e-mail failed`);
      }
    }
    return true;
  }

  function kick(services: Services): void {
    const state = running.get(services);
    if (state) {
      state.again = true;
      return;
    }
    const mine = { again: false };
    running.set(services, mine);
    inBackground(services, kind.name, async () => {
      try {
        do {
          mine.again = false;
          await run(services);
        } while (mine.again);
      } finally {
        running.delete(services);
      }
    });
  }

  function schedule(services: Services, everyMs: number = kind.everyMs): () => Promise<void> {
    return repeat(() => run(services), everyMs, (err) => services.log.error({ err }, `${kind.name} failed`), kind.name.replace(/\s+/g, '-'));
  }

  return { run, kick, schedule };
}
