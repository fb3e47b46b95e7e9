/** The payment widgets in the page (Stripe's Payment Element, PayPal's buttons). */
export const enPaymentWidgets = {
  'stripe.loading': 'Loading the secure card form…',
  'stripe.paying': 'Paying…',
  'stripe.declined': 'Your payment could not be completed. Please check the details or try another card.',
  'stripe.unavailable': 'Card payments are not available just now. Your order is saved: please try again.',
  'paypal.label': 'Pay with PayPal',
  'paypal.failed': 'PayPal could not complete the payment. Please try again, or place the order to pay on PayPal’s page.',
} as const;

export type PaymentWidgetsMessageKey = keyof typeof enPaymentWidgets;
