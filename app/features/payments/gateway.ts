import type { StoreSettings } from '../settings/settings.schema.ts';
import type { Services } from '../../lib/services.server.ts';
import type { OrderDetail, OrderStatus, PaymentInstructions } from '../orders/orders.ts';

/*
 * The payment-gateway interface. Checkout knows gateways only through this: it lists the
 * enabled ones, asks the chosen one to `process` a placed order, and applies the result.
 * An online gateway adds `capture`, `refund` and `webhook` and registers itself with
 * `registerGateway`; no checkout code changes.
 */

export interface GatewayContext {
  settings: StoreSettings;
  /** Origin for absolute URLs (return and webhook addresses): `trustedOrigin`, empty when none is configured. */
  origin: string;
  /** The shop's services (database, config, log): an online gateway reads its keys through them. */
  services?: Services;
}

/** What became of a payment attempt. */
export interface PaymentResult {
  /** The order status to move to: on-hold (awaiting an offline payment), processing (paid), pending (awaiting the shopper at `redirect`), failed. */
  status: Extract<OrderStatus, 'on-hold' | 'processing' | 'pending' | 'failed'>;
  /** Where the shopper goes next (an external payment page); otherwise the order-received page. */
  redirect?: string;
  transactionId?: string;
  /** A private order note recording the attempt. */
  note?: string;
  /** Shown to the shopper when the payment failed. */
  message?: string;
}

export interface RefundResult {
  ok: boolean;
  transactionId?: string;
  message?: string;
}

/** A gateway's answer to a webhook call: which order, and what happened to it. */
export interface WebhookResult {
  orderId: number;
  /** processing = paid, failed = declined; refunded amounts are recorded as refunds. */
  status?: 'processing' | 'failed';
  transactionId?: string;
  refund?: { amount: number; reason: string };
  note?: string;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON (null when it is not JSON). */
  body: unknown;
  /** The body's bytes as sent, for signature checks. */
  rawBody?: Buffer;
}

/** What a gateway that applies its own events (`receive`) did with one. */
export interface ReceivedEvent {
  /** The order it was about; null when the payment is unknown here (logged, nothing changed). */
  orderId: number | null;
  status: OrderStatus | null;
  /** False when the event had been applied before. */
  applied: boolean;
}

export interface PaymentGateway {
  id: string;
  /** Shown in the admin when the settings give no title. */
  defaultTitle: string;
  /** An online gateway's provider as the admin knows it ("Stripe"). */
  provider?: string;
  enabled(settings: StoreSettings): boolean;
  title(settings: StoreSettings): string;
  description(settings: StoreSettings): string;
  /** Takes the payment for a placed order (status pending). */
  process(order: OrderDetail, ctx: GatewayContext): Promise<PaymentResult>;
  /**
   * A method whose answer never depends on the order (the offline ones) gives it here too:
   * checkout then applies it without reading the placed order back for `process`.
   */
  outcome?: PaymentResult;
  /** Captures an authorised payment: all of it, or `amount` (minor units) releasing the rest. */
  capture?(order: OrderDetail, ctx: GatewayContext, amount?: number): Promise<PaymentResult>;
  /** Reads the payment's state from the provider and applies it (the return page: never from its query string). */
  refresh?(order: OrderDetail, ctx: GatewayContext): Promise<void>;
  /** Gives money back through the provider; without it refunds are recorded manually. */
  refund?(order: OrderDetail, amount: number, reason: string, ctx: GatewayContext): Promise<RefundResult>;
  /** Reads (and authenticates) a provider's notification; throws HttpError when it is not genuine. */
  webhook?(request: WebhookRequest, ctx: GatewayContext): Promise<WebhookResult>;
  /**
   * Instead of `webhook`: authenticates a notification and applies it itself, each provider
   * event once (payment_events, in the transaction of its effect). Throws HttpError when it is not genuine.
   */
  receive?(request: WebhookRequest, ctx: GatewayContext & { services: Services }): Promise<ReceivedEvent>;
  /**
   * Before the shop moves one of its orders to `to` (order page, bulk change): a gateway that
   * only authorised the payment captures it as the order completes and releases it as the
   * order is cancelled. An HttpError stops the change.
   */
  beforeStatusChange?(order: OrderDetail, to: OrderStatus, ctx: GatewayContext): Promise<void>;
  /**
   * The shopper chose another method for this order on its pay page: the payment begun with
   * this gateway is closed at the provider, so a tab still open on its page cannot also pay.
   * A payment the provider already took is applied instead and an HttpError (409) stops the switch.
   */
  abandon?(order: OrderDetail, ctx: GatewayContext): Promise<void>;
  /** The payment's page in the provider's dashboard (the admin order page links it). */
  transactionUrl?(transactionId: string, settings: StoreSettings): string | null;
  /** What the shopper is told after ordering (bank details, where to send a cheque). */
  instructions?(order: OrderDetail, settings: StoreSettings): PaymentInstructions | null;
}

/** The method as checkout pages and the API list it. */
export interface PaymentMethodInfo {
  id: string;
  title: string;
  description: string;
}

const registry = new Map<string, PaymentGateway>();

/** Adds (or replaces) a gateway. The offline ones are registered by payments.server.ts. */
export function registerGateway(gateway: PaymentGateway): void {
  registry.set(gateway.id, gateway);
}

/** Removes a gateway (tests register temporary ones). */
export function unregisterGateway(id: string): void {
  registry.delete(id);
}

export function gateway(id: string): PaymentGateway | undefined {
  return registry.get(id);
}

export function allGateways(): PaymentGateway[] {
  return [...registry.values()];
}
