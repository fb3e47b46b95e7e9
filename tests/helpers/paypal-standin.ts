import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for PayPal's REST API, for tests (these machines cannot reach PayPal). The
 * real `@paypal/paypal-server-sdk` talks to it over HTTP (`PAYPAL_API_URL`). It serves what
 * the shop uses — OAuth tokens, Orders v2 create / get / capture, captures' refunds, webhook
 * signature verification — with PayPal's shapes and errors (INSTRUMENT_DECLINED,
 * ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, REFUND_AMOUNT_EXCEEDED, PayPal-Request-Id replays),
 * and a small approval page (/checkoutnow?token=…) with Approve, Approve with a declined card,
 * and Cancel buttons (plain forms: no scripts). Every webhook event it makes is kept, so a test
 * can deliver it signed — once, twice, out of order, late or never — or have it posted at once
 * (`webhookUrl`). Signatures: PayPal signs with its certificate; the stand-in signs with an
 * HMAC of its own, and its verify endpoint is the only one that can check it, as with PayPal.
 */

type Obj = Record<string, unknown>;
export interface PayPalEvent { id: string; event_type: string; resource: Obj; payload: string }
interface Capture { id: string; status: 'COMPLETED' | 'DECLINED'; amount: { currency_code: string; value: string }; custom_id: string; invoice_id?: string; orderId: string; refunded: number }
interface Order {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  unit: Obj & { amount: { currency_code: string; value: string }; custom_id?: string };
  returnUrl: string;
  cancelUrl: string;
  payer: 'ok' | 'declined' | 'denied' | null;
  captures: Capture[];
}

const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);
const SUPPORTED = new Set(['AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD']);
const pid = (n = 17) => randomBytes(16).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, n);
const hundredths = (v: string) => Math.round(Number(v) * 100);
const fmt = (h: number, c: string) => (NO_DECIMALS.has(c) ? String(h / 100) : (h / 100).toFixed(2));

class PayPalError extends Error {
  constructor(public status: number, public body: Obj) { super(String(body.message)); }
}
const unprocessable = (issue: string, description: string) =>
  new PayPalError(422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.', debug_id: pid(13).toLowerCase(), details: [{ issue, description }], links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }] });
const invalid = (issue: string, description: string, field: string) =>
  new PayPalError(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', debug_id: pid(13).toLowerCase(), details: [{ field, issue, description, location: 'body' }] });
const notFound = () => new PayPalError(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: pid(13).toLowerCase(), details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }] });

export class PayPalStandin {
  server!: Server;
  url = '';
  clientId = 'standin-client-id';
  clientSecret = 'standin-client-secret-0001';
  webhookId = 'WH-STANDIN-0001';
  private signingKey = randomBytes(32);
  private tokens = new Set<string>();
  orders = new Map<string, Order>();
  captures = new Map<string, Capture>();
  events: PayPalEvent[] = [];
  /** PayPal-Request-Id → the answer given (a replay gets it again). */
  private replays = new Map<string, { status: number; body: Obj }>();
  calls: { method: string; path: string; requestId?: string }[] = [];
  /** When set, each event is also posted there (signed) as it happens. */
  webhookUrl: string | null = null;
  /** When true, every API call answers 503 (PayPal down). */
  down = false;

  /** `port` 0: any free one. */
  static async start(port = 0): Promise<PayPalStandin> {
    const s = new PayPalStandin();
    s.server = createServer((req, res) => void s.handle(req, res));
    await new Promise<void>((r) => s.server.listen(port, '127.0.0.1', r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** The headers PayPal sends with a webhook delivery, signed over the payload's bytes. */
  sign(payload: string, webhookId = this.webhookId): Record<string, string> {
    const id = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    const sig = createHmac('sha256', this.signingKey).update(`${id}|${time}|${webhookId}|${createHash('sha256').update(payload).digest('hex')}`).digest('base64');
    return { 'paypal-transmission-id': id, 'paypal-transmission-time': time, 'paypal-transmission-sig': sig, 'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-standin', 'paypal-auth-algo': 'SHA256withRSA' };
  }

  eventsOf(type: string, paypalOrderId: string): PayPalEvent[] {
    return this.events.filter((e) => e.event_type === type && (e.resource.id === paypalOrderId || (e.resource.supplementary_data as { related_ids?: { order_id?: string } })?.related_ids?.order_id === paypalOrderId));
  }

  /** The shopper on the approval page: `approve` (a good PayPal balance), `decline` (a card PayPal declines at capture), `deny` (captured, then denied), `cancel`. Returns where PayPal sends the browser. */
  act(orderId: string, what: 'approve' | 'decline' | 'deny' | 'cancel'): string {
    const o = this.orders.get(orderId);
    if (!o) throw new Error(`no order ${orderId}`);
    if (what === 'cancel') return `${o.cancelUrl}${o.cancelUrl.includes('?') ? '&' : '?'}token=${o.id}`;
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED') {
      o.status = 'APPROVED';
      o.payer = what === 'approve' ? 'ok' : what === 'decline' ? 'declined' : 'denied';
      this.emit('CHECKOUT.ORDER.APPROVED', this.orderBody(o));
    }
    return `${o.returnUrl}${o.returnUrl.includes('?') ? '&' : '?'}token=${o.id}&PayerID=${pid(13)}`;
  }

  private emit(type: string, resource: Obj) {
    const ev = { id: `WH-${pid(17)}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: type.startsWith('CHECKOUT') ? 'checkout-order' : type.includes('REFUNDED') ? 'refund' : 'capture', resource_version: '2.0', event_type: type, summary: type.toLowerCase().replace(/\./g, ' '), resource };
    const payload = JSON.stringify(ev);
    const stored: PayPalEvent = { id: ev.id, event_type: type, resource, payload };
    this.events.push(stored);
    if (this.webhookUrl) void fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...this.sign(payload) }, body: payload }).catch(() => undefined);
  }

  private orderBody(o: Order): Obj {
    const links = [{ href: `${this.url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' }];
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED') links.push({ href: `${this.url}/checkoutnow?token=${o.id}`, rel: o.status === 'CREATED' ? 'approve' : 'payer-action', method: 'GET' });
    if (o.status === 'APPROVED') links.push({ href: `${this.url}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' });
    const unit: Obj = { ...o.unit, payee: { email_address: 'merchant@example.com', merchant_id: 'STANDINMERCHANT' } };
    if (o.captures.length) unit.payments = { captures: o.captures.map((c) => this.captureBody(c)) };
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      ...(o.payer ? { payer: { name: { given_name: 'Sandbox', surname: 'Buyer' }, email_address: 'buyer@example.com', payer_id: 'STANDINPAYER' }, payment_source: { paypal: { email_address: 'buyer@example.com', account_id: 'STANDINPAYER', account_status: 'VERIFIED' } } } : {}),
      purchase_units: [unit],
      create_time: new Date().toISOString(),
      links,
    };
  }

  private captureBody(c: Capture): Obj {
    const total = hundredths(c.amount.value);
    const status = c.status === 'COMPLETED' && c.refunded >= total ? 'REFUNDED' : c.status === 'COMPLETED' && c.refunded > 0 ? 'PARTIALLY_REFUNDED' : c.status;
    return {
      id: c.id,
      status,
      amount: c.amount,
      final_capture: true,
      custom_id: c.custom_id,
      ...(c.invoice_id ? { invoice_id: c.invoice_id } : {}),
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      supplementary_data: { related_ids: { order_id: c.orderId } },
      create_time: new Date().toISOString(),
      update_time: new Date().toISOString(),
      links: [
        { href: `${this.url}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${this.url}/v2/checkout/orders/${c.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? undefined;
    this.calls.push({ method: req.method ?? 'GET', path: url.pathname, requestId });
    const send = (status: number, body: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': pid(13).toLowerCase() });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname === '/checkoutnow' || url.pathname.startsWith('/checkoutnow/')) return this.page(req, res, url, raw);
      if (this.down) return send(503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: pid(13).toLowerCase() });
      if (url.pathname === '/v1/oauth2/token' && req.method === 'POST') {
        const basic = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        if (basic !== `${this.clientId}:${this.clientSecret}`) return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        const token = `A21AA${randomBytes(24).toString('base64url')}`;
        this.tokens.add(token);
        return send(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: 32400, nonce: pid(20) });
      }
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.tokens.has(bearer)) return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', links: [] });
      const body = raw ? (JSON.parse(raw) as Obj) : {};
      // PayPal-Request-Id: the same id gets the first answer again, whatever the body.
      const replayKey = requestId && req.method === 'POST' ? `${url.pathname}\n${requestId}` : null;
      if (replayKey && this.replays.has(replayKey)) {
        const r = this.replays.get(replayKey)!;
        return send(r.status, r.body);
      }
      const answer = this.route(req.method ?? 'GET', url.pathname, body);
      if (replayKey && answer.status < 300) this.replays.set(replayKey, answer);
      return send(answer.status, answer.body);
    } catch (err) {
      if (err instanceof PayPalError) return send(err.status, err.body);
      return send(500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) });
    }
  }

  private route(method: string, path: string, body: Obj): { status: number; body: Obj } {
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const ev = JSON.stringify(body.webhook_event);
      const expected = createHmac('sha256', this.signingKey).update(`${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${createHash('sha256').update(ev).digest('hex')}`).digest('base64');
      const ok = body.webhook_id === this.webhookId && typeof body.transmission_sig === 'string' && body.transmission_sig === expected;
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    if (method === 'POST' && path === '/v2/checkout/orders') return { status: 201, body: this.create(body) };
    let m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path);
    if (m && method === 'GET') {
      const o = this.orders.get(m[1]!);
      if (!o) throw notFound();
      return { status: 200, body: this.orderBody(o) };
    }
    m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path);
    if (m && method === 'POST') return { status: 201, body: this.capture(m[1]!) };
    m = /^\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(path);
    if (m && method === 'GET') {
      const c = this.captures.get(m[1]!);
      if (!c) throw notFound();
      return { status: 200, body: this.captureBody(c) };
    }
    m = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path);
    if (m && method === 'POST') return { status: 201, body: this.refund(m[1]!, body) };
    throw notFound();
  }

  private create(body: Obj): Obj {
    const intent = String(body.intent ?? '');
    if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') throw invalid('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', '/intent');
    const units = body.purchase_units as Order['unit'][] | undefined;
    const unit = units?.[0];
    if (!unit?.amount) throw invalid('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/purchase_units/@reference_id==\'default\'/amount');
    const c = String(unit.amount.currency_code);
    if (!SUPPORTED.has(c)) throw unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is unsupported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.');
    const re = NO_DECIMALS.has(c) ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/;
    if (!re.test(String(unit.amount.value))) throw unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.');
    const ctx = ((body.payment_source as Obj | undefined)?.paypal as Obj | undefined)?.experience_context as Obj | undefined;
    const app = body.application_context as Obj | undefined;
    const o: Order = { id: pid(17), status: ctx ? 'PAYER_ACTION_REQUIRED' : 'CREATED', intent, unit: { reference_id: 'default', ...unit }, returnUrl: String(ctx?.return_url ?? app?.return_url ?? ''), cancelUrl: String(ctx?.cancel_url ?? app?.cancel_url ?? ''), payer: null, captures: [] };
    this.orders.set(o.id, o);
    return this.orderBody(o);
  }

  private capture(id: string): Obj {
    const o = this.orders.get(id);
    if (!o) throw notFound();
    if (o.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.');
    if (o.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.');
    if (o.payer === 'declined') {
      // As PayPal: the order stays approvable, the payer is sent back to choose another way to pay.
      o.status = 'PAYER_ACTION_REQUIRED';
      o.payer = null;
      throw unprocessable('INSTRUMENT_DECLINED', 'The instrument presented  was either declined by the processor or bank, or it can\'t be used for this payment.');
    }
    const c: Capture = { id: pid(17), status: o.payer === 'denied' ? 'DECLINED' : 'COMPLETED', amount: { ...o.unit.amount }, custom_id: String(o.unit.custom_id ?? ''), invoice_id: o.unit.invoice_id as string | undefined, orderId: o.id, refunded: 0 };
    o.captures.push(c);
    o.status = 'COMPLETED';
    this.captures.set(c.id, c);
    this.emit(c.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', this.captureBody(c));
    return this.orderBody(o);
  }

  /** A refund of `value` (or the rest) made in PayPal's dashboard, not through the API. */
  refundInDashboard(captureId: string, value?: string): Obj {
    return this.refund(captureId, value ? { amount: { value, currency_code: this.captures.get(captureId)!.amount.currency_code } } : {});
  }

  private refund(captureId: string, body: Obj): Obj {
    const c = this.captures.get(captureId);
    if (!c) throw notFound();
    const total = hundredths(c.amount.value);
    if (c.status !== 'COMPLETED') throw unprocessable('CAPTURE_NOT_REFUNDABLE', 'Capture cannot be refunded.');
    if (c.refunded >= total) throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    const amount = body.amount as { value: string; currency_code: string } | undefined;
    if (amount && amount.currency_code !== c.amount.currency_code) throw unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    const want = amount ? hundredths(amount.value) : total - c.refunded;
    if (want > total - c.refunded) throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    c.refunded += want;
    const refund = {
      id: pid(17),
      status: 'COMPLETED',
      amount: { currency_code: c.amount.currency_code, value: fmt(want, c.amount.currency_code) },
      custom_id: c.custom_id,
      ...(c.invoice_id ? { invoice_id: c.invoice_id } : {}),
      ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
      create_time: new Date().toISOString(),
      links: [
        { href: `${this.url}/v2/payments/refunds/x`, rel: 'self', method: 'GET' },
        { href: `${this.url}/v2/payments/captures/${c.id}`, rel: 'up', method: 'GET' },
      ],
    };
    this.emit('PAYMENT.CAPTURE.REFUNDED', refund);
    return refund;
  }

  /** The approval page: GET shows it; the buttons post to /checkoutnow/<action>. */
  private page(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const token = url.searchParams.get('token') ?? new URLSearchParams(raw).get('token') ?? '';
    const o = this.orders.get(token);
    if (!o) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>PayPal</title><p>This payment is not available.</p>');
    }
    const action = url.pathname.split('/')[2] as 'approve' | 'decline' | 'deny' | 'cancel' | undefined;
    if (req.method === 'POST' && action && ['approve', 'decline', 'deny', 'cancel'].includes(action)) {
      res.writeHead(303, { location: this.act(o.id, action) });
      return res.end();
    }
    const a = o.unit.amount;
    const button = (what: string, label: string) => `<form method="post" action="/checkoutnow/${what}"><input type="hidden" name="token" value="${o.id}"><button type="submit">${label}</button></form>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>PayPal Checkout (stand-in)</title></head><body><main><h1>Pay with PayPal</h1><p>Total: <strong>${a.value} ${a.currency_code}</strong></p>${button('approve', 'Approve payment')}${button('decline', 'Approve with a declined card')}${button('deny', 'Approve, then deny')}${button('cancel', 'Cancel and return to the shop')}</main></body></html>`);
  }
}
