/* What a webhook may listen to (isomorphic: the admin form lists them). */
export const WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'order.paid',
  'order.refunded',
  'product.created',
  'product.updated',
  'product.deleted',
  'customer.created',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
/** A test message sent from the webhook's page ("Send a test"). */
export const PING_TOPIC = 'ping';
