import { readCsrfToken } from '../../lib/csrf-token.ts';

/*
 * The payment widgets' side of the browser flow (docs/API.md, "Payments in the page"): small
 * JSON calls to the shop's API with the page's CSRF token. Browser only.
 */

/** An order placed (pending until paid): what the widgets pay for. */
export type PlacedOrder = { order_id: number; order_key: string; received_url: string; redirect_url: string; message: string | null };
/** A refusal, with the form's own field names when fields were wrong. */
export class PaymentFlowError extends Error {
  constructor(
    message: string,
    public fields: Record<string, string> = {},
    public status = 0,
  ) {
    super(message);
  }
}

const UNREACHABLE = 'The shop could not be reached. Please check your connection and try again.';

/** POST to the shop's API; a refusal becomes a PaymentFlowError with the server's message. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': readCsrfToken() }, body: JSON.stringify(body) });
  } catch {
    throw new PaymentFlowError(UNREACHABLE);
  }
  const answer = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || !answer) {
    const e = (answer as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
    throw new PaymentFlowError(e?.message ?? UNREACHABLE, e?.fields ?? {}, res.status);
  }
  return answer as T;
}

/** GET a JSON answer from the shop's API, or null when it cannot be had. */
export async function getJson<T>(path: string): Promise<T | null> {
  try {
    const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The checkout form placed by script (POST /api/checkout/form): the same fields its post sends. */
export function placeFromForm(form: HTMLFormElement): Promise<PlacedOrder> {
  const values: Record<string, string> = {};
  for (const [k, v] of new FormData(form).entries()) if (typeof v === 'string' && k !== 'intent') values[k] = v;
  return postJson<PlacedOrder>('/api/checkout/form', values);
}

/** A refused placement: its message and, when fields were wrong, what each field needs. */
export function placementMessage(err: PaymentFlowError): string {
  const fields = Object.values(err.fields);
  return fields.length ? `${err.message} ${fields.join(' ')}` : err.message;
}

/**
 * Where a shopper goes who placed the order in the page (a declined card, PayPal's window
 * closed) and then chose another method: the order's own page to pay it, since the checkout
 * form would only answer the same order again (its idempotency key).
 */
export const payPageOf = (order: PlacedOrder): string => `/checkout/order-pay/${order.order_id}?key=${encodeURIComponent(order.order_key)}`;
