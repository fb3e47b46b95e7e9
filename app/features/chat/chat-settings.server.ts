import { z } from 'zod';
import { CHAT_LIMITS } from '../../config/constants.ts';
import type { DB } from '../../../db/client.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { parseInput } from '../../lib/validate.ts';

const flag = (fallback: boolean) =>
  z.preprocess((v) => {
    if (typeof v === 'boolean' || v === undefined) return v;
    const s = String(v).toLowerCase();
    return ['1', 'on', 'true', 'yes'].includes(s) ? true : ['0', 'off', 'false', 'no', ''].includes(s) ? false : v;
  }, z.boolean({ message: 'Must be yes or no' }).default(fallback));
const size = (min: number, max: number, fallback: number) => z.coerce.number().int('Must be a whole number').min(min, `At least ${min}`).max(max, `At most ${max}`).default(fallback);
const count = (max: number, fallback: number) => z.coerce.number().int('Must be a whole number').min(0, 'At least 0').max(max, `At most ${max}`).default(fallback);

/**
 * Settings of the live chat's server side, stored as `chat.<key>` rows of the settings table
 * (the store settings form does not carry them; the operator console's settings page will).
 */
export const chatSettingsSchema = z.object({
  /** The visitor widget is shown on the storefront. */
  enabled: flag(false),
  /** The widget's colour (spec §9: #009EDB); text on it is white when its luminance is under 180. */
  colour: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour like #009EDB').default('#009EDB'),
  /** The launcher: a labelled bar (classic) or a round button, and its corner. */
  buttonType: z.enum(['classic', 'round']).default('classic'),
  xPos: z.enum(['left', 'right']).default('right'),
  yPos: z.enum(['top', 'bottom']).default('bottom'),
  /** Seconds before the launcher shows. */
  showDelay: count(600, 0),
  /** Widths in CSS pixels (spec §9: popup 370, launcher 260, the login and contact forms 260); phones use the full width. */
  popupWidth: size(260, 800, 370),
  buttonWidth: size(120, 800, 260),
  formWidth: size(200, 800, 260),
  /** Corner rounding of the popup and the classic launcher, in pixels. */
  borderRadius: count(40, 8),
  /** How the popup and the launcher come in (none with reduced motion). */
  animation: z.enum(['none', 'fade', 'slide', 'bounce', 'zoom']).default('fade'),
  /** The popup opens by itself once per visit, this many milliseconds after the launcher shows (spec §9: 1000). */
  autoplay: flag(false),
  autoplayDelay: count(600_000, 1000),
  /** Visitors chatting at once; 0 = unlimited. Operators are never counted (spec §6). */
  guestLimit: count(100_000, 0),
  /** Operators of vendor 0 (the shop) do not serve vendors' visitors (spec §6). */
  vendorOnlyChat: flag(false),
  /** A signed-in staff member may chat as a visitor with an e-mail already online elsewhere. */
  operatorBypassSameEmail: flag(false),
  /** The login form asks for a GDPR tick box. */
  gdpr: flag(false),
  /** The widget shows the login form (else it starts online with the account's name). */
  displayLogin: flag(true),
  /** The offline contact form is offered when no operator is available. */
  offlineForm: flag(true),
  /** Who gets offline messages; empty: the admins and shop managers. */
  offlineEmail: z.string().trim().toLowerCase().max(254).regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, 'Enter a valid e-mail address').default(''),
  /**
   * Per socket: events allowed in a burst, and refilled per second. What one socket may send in
   * CHAT_LIMITS.messageWindowMs is also the message allowance of all of a visitor's sockets together.
   */
  rateBurst: count(100_000, 30),
  ratePerSecond: count(100_000, 5),
  /**
   * Per client address, across sockets and nodes: socket connections a minute and chat logins in
   * ten minutes (CHAT_LIMITS' windows); 0 = no limit (a shop whose visitors all arrive through
   * one address it cannot see past).
   */
  connectionsPerClient: count(1_000_000, CHAT_LIMITS.connectionsPerClient),
  loginsPerClient: count(1_000_000, CHAT_LIMITS.loginsPerClient),
  /** Per client address, across nodes: visitors' sockets open at once; 0 = no limit (as above). */
  openSocketsPerClient: count(1_000_000, CHAT_LIMITS.openSocketsPerClient),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export function getChatSettings(db: DB): Promise<ChatSettings> {
  return cached(db, 'chat-settings', async () => {
    const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'chat.%').execute();
    const saved: Record<string, unknown> = {};
    for (const r of rows) {
      try {
        saved[r.key.slice('chat.'.length)] = JSON.parse(r.value);
      } catch {
        // Not written by us: the default stands.
      }
    }
    const parsed = chatSettingsSchema.safeParse(saved);
    return parsed.success ? parsed.data : chatSettingsSchema.parse({});
  });
}

/**
 * Saves the given fields (validated against the current values) in one transaction, then tells
 * the chat's sockets (`chat`: every node through the Socket.IO adapter), so operators and
 * visitors connected before the change do not go on with the old mode until they reconnect.
 */
export async function saveChatSettings(db: DB, input: Record<string, unknown>, chat?: { settingsChanged(): Promise<void> }): Promise<ChatSettings> {
  const current = await getChatSettings(db);
  const settings = parseInput(chatSettingsSchema, { ...current, ...input });
  const given = new Set(Object.keys(input));
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(settings)) {
      if (!given.has(key)) continue;
      const row = { key: `chat.${key}`, value: JSON.stringify(value) };
      await trx.insertInto('settings').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value })).execute();
    }
  });
  // Saved either way: a socket that misses the news still reads the new settings at its next event.
  await chat?.settingsChanged().catch(() => undefined);
  return settings;
}

/** What the storefront's pages need to show the launcher (root data): null when the chat is off. */
export const WIDGET_KEYS = ['colour', 'buttonType', 'xPos', 'yPos', 'showDelay', 'popupWidth', 'buttonWidth', 'formWidth', 'borderRadius', 'animation', 'autoplay', 'autoplayDelay'] as const;
export type ChatWidgetSettings = Pick<ChatSettings, (typeof WIDGET_KEYS)[number]>;
export async function chatWidgetSettings(db: DB): Promise<ChatWidgetSettings | null> {
  const s = await getChatSettings(db);
  return s.enabled ? (Object.fromEntries(WIDGET_KEYS.map((k) => [k, s[k]])) as ChatWidgetSettings) : null;
}
