import { getChatUser, operatorsOnline, queueFor, conversationView, userView } from '../chat-store.server.ts';
import { SERVER_EVENTS, type Hello } from '../chat.schema.ts';
import { modeFor, room, widgetSettings, type ChatHub, type ChatSocket } from './hub.server.ts';

/*
 * What one node hears of changes made on another (a settings save, an operator's new vendor)
 * through the adapter, and the periodic look for changes no node heard of (the CLI).
 */

/** The name of the adapter-wide event a settings save sends to every node. */
export const SETTINGS_CHANGED = 'chat:settings-changed';
/** The same for an operator's new vendor (the account id goes with it). */
export const OPERATOR_VENDOR_CHANGED = 'chat:operator-vendor-changed';
/**
 * How often a node compares its operator sockets' vendor with their records: a change made
 * where no chat runs (`vitrine chat-operator`, another process) reaches open consoles this soon.
 */
const OPERATOR_VENDOR_RECHECK_MS = 2000;

export function nodeSync(hub: ChatHub) {
  const { io, db, log, track, currentSettings, takeSettings, announceAvailability } = hub;
  /** This node's part of a settings save: its sockets take the new settings, its visitors hear the mode. */
  async function applySettings() {
    hub.settingsReadNow(undefined);
    const settings = await currentSettings();
    const vendors = new Set<number>();
    for (const raw of io.of('/').sockets.values()) {
      const data = (raw as unknown as ChatSocket).data;
      if (!data.role) continue; // still in the handshake
      takeSettings(data, settings);
      if (data.role === 'visitor') vendors.add(data.vendorId);
    }
    const shown = await widgetSettings(db, settings);
    for (const v of vendors) {
      const online = await operatorsOnline(db, v, settings.vendorOnlyChat);
      io.local.to(room.visitors(v)).emit(SERVER_EVENTS.availability, { vendorId: v, mode: modeFor(online, settings), operatorsOnline: online, settings: shown });
    }
  }
  // Another node saved the settings (through the Redis or cluster adapter).
  io.on(SETTINGS_CHANGED, () => {
    track(applySettings().catch((err: unknown) => log.error({ err }, 'chat settings change failed')));
  });

  /** This node's operator sockets, or one account's. */
  const operatorSockets = (accountId?: number) =>
    [...io.of('/').sockets.values()].map((raw) => raw as unknown as ChatSocket).filter((s) => s.data.role === 'operator' && (accountId === undefined || s.data.accountId === accountId));

  /**
   * This node's part of an operator's new vendor: their sockets leave the old vendor's room
   * for the new one's (spec §6 vendor matching: what they are told and may open follows) and
   * hear a hello again, with the new vendor's queue; visitors of both vendors hear who can answer.
   */
  async function applyOperatorVendor(accountId: number) {
    const mine = operatorSockets(accountId);
    if (mine.length === 0) return;
    const row = await getChatUser(db, mine[0].data.chatUserId);
    if (!row) return;
    const moved = mine.filter((s) => s.data.vendorId !== row.vendor_id);
    if (moved.length === 0) return;
    const settings = await currentSettings();
    const old = new Set(moved.map((s) => s.data.vendorId));
    const online = await operatorsOnline(db, row.vendor_id, settings.vendorOnlyChat);
    const queue = (await queueFor(db, row, settings)).map(conversationView);
    const hello: Hello = { role: 'operator', me: userView(row), conversation: null, mode: modeFor(online, settings), operatorsOnline: online, settings: await widgetSettings(db, settings), queue };
    for (const s of moved) {
      s.leave(room.ops(s.data.vendorId));
      s.join(room.ops(row.vendor_id));
      s.data.vendorId = row.vendor_id;
      s.data.meCache = undefined;
      s.data.mayWrite = undefined;
      s.emit(SERVER_EVENTS.hello, hello);
    }
    if (row.status === 'online') for (const v of new Set([...old, row.vendor_id])) await announceAvailability(v, settings);
  }
  io.on(OPERATOR_VENDOR_CHANGED, (accountId: number) => {
    track(applyOperatorVendor(accountId).catch((err: unknown) => log.error({ err }, 'chat operator vendor change failed')));
  });

  // Changes made without this process hearing of them (the CLI): compared every few seconds,
  // one query for all of this node's operator sockets, none while there are none.
  let recheckRunning = false;
  const vendorRecheck = setInterval(() => {
    const ops = operatorSockets();
    if (hub.state.closing || recheckRunning || ops.length === 0) return;
    recheckRunning = true;
    track(
      (async () => {
        const ids = [...new Set(ops.map((s) => s.data.chatUserId))];
        const rows = await db.selectFrom('chat_users').select(['id', 'vendor_id']).where('id', 'in', ids).execute();
        const vendorOf = new Map(rows.map((r) => [r.id, r.vendor_id]));
        const accounts = new Set(ops.filter((s) => s.data.accountId !== null && vendorOf.has(s.data.chatUserId) && vendorOf.get(s.data.chatUserId) !== s.data.vendorId).map((s) => s.data.accountId!));
        for (const a of accounts) await applyOperatorVendor(a);
      })()
        .catch((err: unknown) => log.error({ err }, 'chat operator vendor recheck failed'))
        .finally(() => (recheckRunning = false)),
    );
  }, OPERATOR_VENDOR_RECHECK_MS);
  vendorRecheck.unref();
  return { applySettings, applyOperatorVendor, stop: () => clearInterval(vendorRecheck) };
}
