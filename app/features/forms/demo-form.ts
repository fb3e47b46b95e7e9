/**
 * The demo shop's "Contact us" form (seeded with id DEMO_CONTACT_FORM_ID, shown on /contact):
 * one of nearly every kind of tag, so the demo exercises what the feature can do.
 */
import type { FormSettings, MailTemplate, MessageKey } from './definition.ts';

export const DEMO_CONTACT_FORM_ID = 1;
export const DEMO_CONTACT_TITLE = 'Contact us';

export const DEMO_CONTACT_TEMPLATE = `<p><label for="cf-name">Your name</label>
[text* your-name id:cf-name autocomplete:name]</p>

<p><label for="cf-email">Your e-mail</label>
[email* your-email id:cf-email autocomplete:email]</p>

<p><label for="cf-subject">Subject</label>
[text* your-subject id:cf-subject maxlength:120]</p>

<p><label for="cf-topic">What is it about?</label>
[select* your-topic id:cf-topic include_blank "An order|orders" "A product|products" "Returns and refunds|returns" "Something else|other"]</p>

<fieldset><legend>How may we answer?</legend>
[checkbox your-contact exclusive use_label_element "By e-mail" "By phone"]</fieldset>

<p><label for="cf-message">Your message</label>
[textarea* your-message id:cf-message minlength:20 maxlength:2000 placeholder "How can we help?"]
<small>[count your-message]</small></p>

<p><label for="cf-website">Your website (optional)</label>
[url your-website id:cf-website autocomplete:url]</p>

<p><label for="cf-file">A photo or document (optional, up to 2 MB)</label>
[file your-file id:cf-file limit:2mb filetypes:jpg|jpeg|png|pdf]</p>

<p><label for="cf-quiz">Are you human?</label>
[quiz your-quiz id:cf-quiz "What is 2 + 3?|5" "What colour is the sky on a clear day?|blue"]</p>

<p>[acceptance your-consent] I agree that my details are used to answer this message. [/acceptance]</p>

<p>[submit "Send message"]</p>
[response]`;

export const DEMO_CONTACT_MAIL: MailTemplate = {
  active: true,
  to: '[_site_admin_email]',
  from: '[_site_title] <[_site_admin_email]>',
  subject: '[_site_title] "[your-subject]"',
  additionalHeaders: 'Reply-To: [your-name] <[your-email]>',
  body: `From: [your-name] <[your-email]>
Subject: [your-subject]
Topic: [your-topic]
Answer by: [your-contact]
Website: [your-website]

Message:
[your-message]

--
Sent from the contact form of [_site_title] ([_site_url]) on [_date] at [_time].`,
  attachments: '[your-file]',
  html: false,
};

export const DEMO_CONTACT_MAIL2: MailTemplate = {
  active: true,
  to: '[your-email]',
  from: '[_site_title] <[_site_admin_email]>',
  subject: 'We received your message: "[your-subject]"',
  additionalHeaders: 'Reply-To: [_site_admin_email]',
  body: `Hello [your-name],

thank you for writing to [_site_title]. We answer within two working days. Your message:

[your-message]

--
[_site_title] — [_site_url]`,
  attachments: '',
  html: false,
};

export const DEMO_CONTACT_MESSAGES: Partial<Record<MessageKey, string>> = {
  mail_sent_ok: 'Thank you for your message. We will answer within two working days.',
};

export const DEMO_CONTACT_SETTINGS: FormSettings = {
  demoMode: false,
  subscribersOnly: false,
  acceptanceAsValidation: false,
  skipMail: false,
};
