/**
 * English texts of contact forms in the shop (not the owner's own messages, which come with
 * each form): a catalog of its own, so pages without a form do not load them.
 */
export const enForms = {
  'forms.pleaseChoose': '—Please choose an option—',
  'forms.formLabel': 'Contact form',
  'forms.sending': 'Sending…',
  'forms.httpError': 'The form could not be sent ({status}). Please try again later.',
  'forms.networkError': 'The form could not be sent: the connection failed. Please try again.',
  'forms.counterLabel': 'Characters: {count}',
  'forms.contactTitle': 'Contact us',
  'forms.contactIntro': 'Questions about an order, a product or anything else? Write to us and we answer within one working day.',
  'forms.asideTitle': 'Before you write',
  'forms.asideTracking': 'Where is my order? Follow it with its number and your e-mail address:',
  'forms.asideTrackingLink': 'track an order',
  'forms.asideAccount': 'Your orders, addresses and details are in',
  'forms.asideAccountLink': 'My account',
  'forms.asideReturns': 'Returns are accepted within 30 days: choose “Returns and refunds” below and tell us the order number.',
  'forms.notFound': 'This form is not available.',
  'forms.honeypotLabel': 'Leave this field empty',
  'forms.subscribersOnly': 'Please sign in to send this form.',
  'forms.picturePixels': 'The picture is {width} × {height} pixels ({mp} megapixels); the largest accepted is {max} megapixels.',
  'forms.tooMany': 'Too many messages were sent from your address. Please try again later.',
} as const;
export type FormsMessageKey = keyof typeof enForms;
