// Longer than 400 lines on purpose: one stand-in for Stripe's API; its routes share one store of objects and events and
// the idempotency replays, kept together like the API it imitates.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Stripe's HTTP API, for tests and benchmarks (these machines cannot
 * reach Stripe). The real `stripe` SDK talks to it over HTTP (`STRIPE_API_URL`). It serves
 * what the shop uses — PaymentIntents create / retrieve / confirm / capture / cancel, Refunds,
 * Checkout Sessions and their hosted page, Events, Balance (the admin's key check) — with
 * Stripe's object and error shapes and Idempotency-Key replays, and keeps every event it made
 * so a test can deliver it signed as Stripe signs (`Stripe-Signature: t=…,v1=…`): once, twice,
 * out of order, late or never. With `webhookUrl` set it posts each event there itself.
 *
 * Test cards (the hosted page's number, or `payment_method` on confirm):
 * 4242 4242 4242 4242 / pm_card_visa succeeds; 4000 0000 0000 0002 / pm_card_chargeDeclined is
 * declined (`card_declined`); 4000 0025 0000 3155 / pm_card_authenticationRequired needs 3-D
 * Secure (`requires_action`), finished with the page's "Complete" button (or `authenticate`).
 */

type Obj = Record<string, unknown>;
export type StripeObject = Obj & { id: string; object: string };
export interface StandinEvent { id: string; type: string; created: number; data: { object: StripeObject }; payload: string }

const CARDS: Record<string, 'ok' | 'declined' | '3ds'> = {
  '4242424242424242': 'ok', pm_card_visa: 'ok',
  '4000000000000002': 'declined', pm_card_chargeDeclined: 'declined',
  '4000002500003155': '3ds', pm_card_authenticationRequired: '3ds', pm_card_threeDSecure2Required: '3ds',
};
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` form bodies, as the SDK encodes them, to nested objects (arrays stay objects keyed "0", "1"…). */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const path = k.replace(/\]/g, '').split('[');
    let at = out;
    path.forEach((p, i) => {
      if (i === path.length - 1) at[p] = v;
      else at = (at[p] ??= {}) as Obj;
    });
  }
  return out;
}

class StripeError extends Error {
  constructor(public status: number, public body: Obj) { super(String(body.message)); }
}
const invalid = (message: string, param?: string, code?: string) => new StripeError(400, { type: 'invalid_request_error', message, param, code });
const missing = (what: string, v: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${what}: '${v}'` });

export class StripeStandin {
  server!: Server;
  url = '';
  /** Secret keys it accepts (sk_test_… / sk_live_…). */
  keys = new Set<string>(['sk_test_standin_4242']);
  webhookSecret = 'whsec_standin_secret';
  /** When set, each event is also posted there (signed) as it happens. */
  webhookUrl: string | null = null;
  /** "down": every API call answers 503; a number: each API call waits that long first. */
  fault: 'down' | number | null = null;
  intents = new Map<string, StripeObject>();
  sessions = new Map<string, StripeObject>();
  charges = new Map<string, StripeObject>();
  refunds = new Map<string, StripeObject>();
  events: StandinEvent[] = [];
  /** Every API call: method, path and the Idempotency-Key sent. */
  calls: { method: string; path: string; idempotencyKey?: string }[] = [];
  private replays = new Map<string, { params: string; status: number; body: string }>();

  static async start(): Promise<StripeStandin> {
    const s = new StripeStandin();
    s.server = createServer((req, res) => void s.handle(req, res));
    await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** A signature header as Stripe makes it: `t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>")`. */
  sign(payload: string, secret = this.webhookSecret, t = now()): string {
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  }

  /** The events of one type, oldest first (optionally about one PaymentIntent). */
  eventsOf(type: string, paymentIntent?: string): StandinEvent[] {
    return this.events.filter((e) => e.type === type && (!paymentIntent || e.data.object.id === paymentIntent || e.data.object.payment_intent === paymentIntent));
  }

  private emit(type: string, object: StripeObject): StandinEvent {
    const e = { id: id('evt'), object: 'event', api_version: '2025-11-17.clover', created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
    const ev: StandinEvent = { id: e.id, type, created: e.created, data: e.data, payload: JSON.stringify(e, null, 2) };
    this.events.push(ev);
    if (this.webhookUrl) void this.post(ev).catch(() => undefined);
    return ev;
  }

  /** Posts an event to `url` (default `webhookUrl`) signed; answers the shop's status. */
  async post(ev: StandinEvent, url = this.webhookUrl!): Promise<number> {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': this.sign(ev.payload) }, body: ev.payload });
    await res.arrayBuffer();
    return res.status;
  }

  // --- what the dashboard (or the card network) does ---

  /** Finishes 3-D Secure for a PaymentIntent waiting on it. */
  authenticate(piId: string, ok = true): StripeObject {
    const pi = this.intents.get(piId)!;
    if (pi.status !== 'requires_action') throw new Error(`${piId} is ${pi.status}`);
    pi.next_action = null;
    if (ok) this.succeed(pi);
    else this.fail(pi, { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' });
    return pi;
  }

  /** A refund made in Stripe's dashboard. */
  dashboardRefund(piId: string, amount?: number): StripeObject {
    return this.refund({ payment_intent: piId, amount: amount === undefined ? undefined : String(amount), reason: 'requested_by_customer' });
  }

  /** The card holder disputes the charge. */
  dispute(piId: string, reason = 'fraudulent'): StripeObject {
    const pi = this.intents.get(piId)!;
    const charge = this.charges.get(String(pi.latest_charge))!;
    const dp = { id: id('dp'), object: 'dispute', amount: charge.amount_captured, currency: charge.currency, charge: charge.id, payment_intent: pi.id, reason, status: 'needs_response', created: now(), livemode: false, metadata: {} };
    charge.disputed = true;
    this.emit('charge.dispute.created', dp);
    return dp;
  }

  // --- state changes ---

  private succeed(pi: StripeObject) {
    const charge = { id: id('ch'), object: 'charge', amount: pi.amount, amount_captured: pi.capture_method === 'manual' ? 0 : pi.amount, amount_refunded: 0, captured: pi.capture_method !== 'manual', currency: pi.currency, payment_intent: pi.id, metadata: pi.metadata, paid: true, refunded: false, disputed: false, status: 'succeeded', created: now(), refunds: { object: 'list', data: [] as Obj[], has_more: false } };
    this.charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    pi.last_payment_error = null;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      this.emit('payment_intent.amount_capturable_updated', pi);
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', pi);
    }
    const session = [...this.sessions.values()].find((s) => s.payment_intent === pi.id);
    if (session) {
      session.status = 'complete';
      session.payment_status = pi.capture_method === 'manual' ? 'unpaid' : 'paid';
      this.emit('checkout.session.completed', session);
    }
  }

  private fail(pi: StripeObject, error: Obj) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { ...error, payment_method: { id: id('pm'), object: 'payment_method', type: 'card' } };
    this.emit('payment_intent.payment_failed', pi);
  }

  private createIntent(p: Obj): StripeObject {
    const amount = Number(p.amount);
    const currency = String(p.currency ?? '').toLowerCase();
    if (!Number.isInteger(amount) || amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount', 'parameter_invalid_integer');
    if (!/^[a-z]{3}$/.test(currency)) throw invalid('Invalid currency', 'currency');
    if (THREE_DECIMAL.has(currency) && amount % 10 !== 0) throw invalid('Amounts in three-decimal currencies must be in multiples of 10.', 'amount', 'amount_invalid');
    const pi: StripeObject = {
      id: id('pi'), object: 'payment_intent', amount, amount_capturable: 0, amount_received: 0, currency, status: 'requires_payment_method',
      capture_method: p.capture_method === 'manual' ? 'manual' : 'automatic', confirmation_method: 'automatic', created: now(), livemode: false,
      description: p.description ?? null, metadata: (p.metadata as Obj) ?? {}, statement_descriptor: p.statement_descriptor ?? null,
      statement_descriptor_suffix: p.statement_descriptor_suffix ?? null, latest_charge: null, last_payment_error: null, next_action: null, canceled_at: null, cancellation_reason: null,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    this.intents.set(pi.id, pi);
    this.emit('payment_intent.created', pi);
    return pi;
  }

  private confirm(pi: StripeObject, method: string): StripeObject {
    if (!['requires_payment_method', 'requires_confirmation'].includes(String(pi.status))) {
      throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${pi.status}, so it cannot be confirmed.`, payment_intent: pi });
    }
    const outcome = CARDS[method.replace(/\s+/g, '')];
    if (!outcome) throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' });
    if (outcome === 'declined') {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      this.fail(pi, error);
      throw new StripeError(402, { ...error, payment_intent: pi });
    }
    if (outcome === '3ds') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      this.emit('payment_intent.requires_action', pi);
      return pi;
    }
    this.succeed(pi);
    return pi;
  }

  private capture(pi: StripeObject, p: Obj): StripeObject {
    if (pi.status !== 'requires_capture') throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`, payment_intent: pi });
    const amount = p.amount_to_capture === undefined ? Number(pi.amount_capturable) : Number(p.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > Number(pi.amount_capturable)) throw invalid('The amount to capture must be at most the amount capturable.', 'amount_to_capture', 'amount_too_large');
    const charge = this.charges.get(String(pi.latest_charge))!;
    Object.assign(charge, { amount_captured: amount, captured: true });
    Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    this.emit('charge.captured', charge);
    this.emit('payment_intent.succeeded', pi);
    return pi;
  }

  private cancel(pi: StripeObject): StripeObject {
    if (['succeeded', 'canceled'].includes(String(pi.status))) throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, payment_intent: pi });
    Object.assign(pi, { status: 'canceled', canceled_at: now(), cancellation_reason: 'requested_by_customer', amount_capturable: 0 });
    this.emit('payment_intent.canceled', pi);
    return pi;
  }

  private refund(p: Obj): StripeObject {
    const pi = this.intents.get(String(p.payment_intent));
    if (!pi) throw missing('payment_intent', String(p.payment_intent));
    const charge = this.charges.get(String(pi.latest_charge));
    if (!charge || pi.status !== 'succeeded') throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    const left = Number(charge.amount_captured) - Number(charge.amount_refunded);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
    const re = { id: id('re'), object: 'refund', amount, charge: charge.id, currency: charge.currency, payment_intent: pi.id, reason: p.reason ?? null, status: 'succeeded', metadata: (p.metadata as Obj) ?? {}, created: now() };
    this.refunds.set(re.id, re);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    (charge.refunds as { data: Obj[] }).data.unshift(re);
    this.emit('refund.created', re);
    this.emit('charge.refunded', charge);
    return re;
  }

  private createSession(p: Obj): StripeObject {
    const items = Object.values((p.line_items as Record<string, Obj>) ?? {});
    const data = (items[0]?.price_data ?? {}) as Obj;
    const amount = items.reduce((sum, i) => sum + Number((i.price_data as Obj)?.unit_amount) * Number(i.quantity ?? 1), 0);
    if (!p.success_url) throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
    const pid = (p.payment_intent_data as Obj) ?? {};
    const cs: StripeObject = {
      id: id('cs_test'), object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', amount_total: amount, amount_subtotal: amount,
      currency: String(data.currency ?? '').toLowerCase(), client_reference_id: p.client_reference_id ?? null, metadata: (p.metadata as Obj) ?? {},
      success_url: p.success_url, cancel_url: p.cancel_url ?? null, payment_intent: null, created: now(), expires_at: now() + 86400, livemode: false,
      customer_email: p.customer_email ?? null, locale: p.locale ?? null,
    };
    // The PaymentIntent a Checkout Session uses, made with the session (its data given here).
    const pi = this.createIntent({ amount, currency: cs.currency, capture_method: pid.capture_method, metadata: pid.metadata, description: pid.description, statement_descriptor_suffix: pid.statement_descriptor_suffix });
    cs.payment_intent = pi.id;
    cs.url = `${this.url}/c/pay/${cs.id}`;
    this.sessions.set(cs.id, cs);
    return cs;
  }

  private expand(obj: StripeObject, params: URLSearchParams | Obj): StripeObject {
    const wanted = params instanceof URLSearchParams ? params.getAll('expand[]').concat(params.getAll('expand[0]')) : Object.values((params.expand as Obj) ?? {}).map(String);
    const out = { ...obj };
    if (wanted.includes('payment_intent') && typeof out.payment_intent === 'string') out.payment_intent = this.intents.get(out.payment_intent) ?? out.payment_intent;
    if (wanted.includes('latest_charge') && typeof out.latest_charge === 'string') out.latest_charge = this.charges.get(out.latest_charge) ?? out.latest_charge;
    return out;
  }

  private api(method: string, path: string, p: Obj, query: URLSearchParams): StripeObject | Obj {
    const get = <T extends StripeObject>(map: Map<string, T>, what: string, key: string) => map.get(key) ?? (() => { throw missing(what, key); })();
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/balance') return { object: 'balance', available: [], pending: [], livemode: false };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pi = this.createIntent(p);
      return p.confirm === 'true' && p.payment_method ? this.confirm(pi, String(p.payment_method)) : pi;
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|capture|cancel))?$/.exec(path))) {
      const pi = get(this.intents, 'payment_intent', m[1]!);
      if (method === 'GET' && !m[2]) return this.expand(pi, query);
      if (method === 'POST' && m[2] === 'confirm') return this.confirm(pi, String(p.payment_method ?? ''));
      if (method === 'POST' && m[2] === 'capture') return this.capture(pi, p);
      if (method === 'POST' && m[2] === 'cancel') return this.cancel(pi);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.refund(p);
    if (method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) return get(this.refunds, 'refund', m[1]!);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()].filter((r) => !query.get('payment_intent') || r.payment_intent === query.get('payment_intent')).reverse();
      return { object: 'list', url: '/v1/refunds', has_more: false, data };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(p);
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return this.expand(get(this.sessions, 'checkout.session', m[1]!), query);
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const cs = get(this.sessions, 'checkout.session', m[1]!);
      if (cs.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${cs.status}".`, 'session', 'checkout_session_not_open');
      cs.status = 'expired';
      // As Stripe does: the PaymentIntent the session made is cancelled with it.
      const pi = this.intents.get(String(cs.payment_intent));
      if (pi && !['succeeded', 'canceled'].includes(String(pi.status))) this.cancel(pi);
      this.emit('checkout.session.expired', cs);
      return cs;
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const wanted = query.get('payment_intent');
      const data = [...this.sessions.values()].filter((cs) => !wanted || cs.payment_intent === wanted).reverse();
      return { object: 'list', url: '/v1/checkout/sessions', has_more: false, data };
    }
    if (method === 'GET' && (m = /^\/v1\/events\/([^/]+)$/.exec(path))) {
      const e = this.events.find((x) => x.id === m![1]);
      if (!e) throw missing('event', m[1]!);
      return JSON.parse(e.payload) as Obj;
    }
    if (method === 'GET' && path === '/v1/events') return { object: 'list', url: '/v1/events', has_more: false, data: this.events.slice().reverse().map((e) => JSON.parse(e.payload) as Obj) };
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/c/pay/')) return this.hostedPage(req.method ?? 'GET', url, raw, res);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': '2025-11-17.clover' });
      res.end(body);
    };
    const key = (req.headers['idempotency-key'] as string | undefined) ?? undefined;
    this.calls.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key });
    if (typeof this.fault === 'number') await new Promise((r) => setTimeout(r, this.fault as number));
    if (this.fault === 'down') return send(503, JSON.stringify({ error: { type: 'api_error', message: 'Stripe is temporarily unavailable.' } }));
    const auth = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    if (!this.keys.has(auth)) {
      return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${auth.slice(0, 8)}${'*'.repeat(Math.max(0, auth.length - 12))}${auth.slice(-4)}` } }));
    }
    const scope = `${auth}:${key}`;
    if (key && req.method === 'POST') {
      const seen = this.replays.get(scope);
      if (seen && seen.params !== `${url.pathname}?${raw}`) {
        return send(400, JSON.stringify({ error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } }));
      }
      if (seen) {
        res.setHeader('idempotent-replayed', 'true');
        return send(seen.status, seen.body);
      }
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(this.api(req.method ?? 'GET', url.pathname, parseForm(raw), url.searchParams));
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      status = err.status;
      body = JSON.stringify({ error: { ...err.body, request_log_url: `https://dashboard.stripe.com/test/logs/${id('req')}` } });
    }
    if (key && req.method === 'POST') this.replays.set(scope, { params: `${url.pathname}?${raw}`, status, body });
    send(status, body);
  }

  /** Stripe Checkout's page, pared down: a card number field; 3-D Secure as a second step. */
  private hostedPage(method: string, url: URL, raw: string, res: ServerResponse) {
    const m = /^\/c\/pay\/([^/]+)(\/3ds)?$/.exec(url.pathname);
    const cs = m ? this.sessions.get(m[1]!) : undefined;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Pay — Stripe test</title></head><body><main>${body}</main></body></html>`);
    };
    if (!cs) return html(404, '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>');
    const pi = this.intents.get(String(cs.payment_intent))!;
    const back = () => {
      res.writeHead(303, { location: String(cs.success_url).replace('{CHECKOUT_SESSION_ID}', cs.id) });
      res.end();
    };
    if (cs.status === 'complete') return back();
    if (cs.status === 'expired') return html(410, '<h1>This Checkout Session is no longer active</h1>');
    const decimals = ZERO_DECIMAL.has(String(cs.currency)) ? 0 : THREE_DECIMAL.has(String(cs.currency)) ? 3 : 2;
    const amount = `${(Number(cs.amount_total) / 10 ** decimals).toFixed(decimals)} ${String(cs.currency).toUpperCase()}`;
    const form = (error = '') => `<h1>Pay ${amount}</h1><p>TEST MODE</p>${error ? `<p role="alert" id="card-errors">${error}</p>` : ''}
      <form method="post" action="/c/pay/${cs.id}"><label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
      <button type="submit">Pay</button></form>${cs.cancel_url ? `<p><a href="${String(cs.cancel_url)}">Back</a></p>` : ''}`;
    if (method === 'GET') return html(200, pi.status === 'requires_action' ? this.threeDs(cs.id) : form());
    const p = new URLSearchParams(raw);
    try {
      if (m![2]) {
        this.authenticate(pi.id, p.get('result') === 'complete');
        if (pi.status === 'requires_payment_method') return html(200, form(String((pi.last_payment_error as Obj).message)));
        return back();
      }
      this.confirm(pi, p.get('cardNumber') ?? '');
    } catch (err) {
      if (err instanceof StripeError) return html(200, form(String(err.body.message)));
      throw err;
    }
    if (pi.status === 'requires_action') return html(200, this.threeDs(cs.id));
    back();
  }

  private threeDs(csId: string) {
    return `<h1>3D Secure 2 Test Page</h1><p>This is a test authentication page.</p>
      <form method="post" action="/c/pay/${csId}/3ds"><button type="submit" name="result" value="complete">Complete</button><button type="submit" name="result" value="fail">Fail</button></form>`;
  }
}
