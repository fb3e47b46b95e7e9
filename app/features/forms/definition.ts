/**
 * A contact form as data: what the form-tag template (Contact Form 7's syntax) is parsed into,
 * once, when the owner saves it. The server validates and mails from this, React renders from
 * it, and `GET /api/forms/:id` hands it to headless clients. Pure module: runs in the browser too.
 */
import { z } from 'zod';

/** Form-tag base types (the name without the `*` that makes a field required). */
export const TAG_TYPES = [
  'text',
  'email',
  'url',
  'tel',
  'textarea',
  'number',
  'range',
  'date',
  'select',
  'checkbox',
  'radio',
  'acceptance',
  'quiz',
  'file',
  'hidden',
  'count',
  'submit',
  'response',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Tags that carry a value a shopper sends (all but count, submit and response). */
export const INPUT_TAG_TYPES = TAG_TYPES.filter((t) => t !== 'count' && t !== 'submit' && t !== 'response');

/** One choice of a select, checkbox, radio or quiz: `"Label|value"` pipes give both; without a pipe they are equal. */
export const choiceSchema = z.object({ label: z.string(), value: z.string() });
export type Choice = z.infer<typeof choiceSchema>;

export const tagOptionsSchema = z.object({
  id: z.string().optional(),
  class: z.array(z.string()).default([]),
  /** `placeholder` / `watermark`: the tag's first value is a placeholder, not a default. */
  placeholder: z.boolean().default(false),
  autocomplete: z.string().optional(),
  minlength: z.number().int().nonnegative().optional(),
  /** Text fields default to 400 when the template does not say. */
  maxlength: z.number().int().positive().optional(),
  /** Numbers for number/range, `yyyy-mm-dd` for date. */
  min: z.string().optional(),
  max: z.string().optional(),
  step: z.string().optional(),
  size: z.number().int().positive().optional(),
  cols: z.number().int().positive().optional(),
  rows: z.number().int().positive().optional(),
  /** file: largest size in bytes (from `limit:2mb`, `limit:500kb`, `limit:1024`). */
  limit: z.number().int().positive().optional(),
  /** file: accepted extensions without the dot, lower case (from `filetypes:jpg|png|pdf`). */
  filetypes: z.array(z.string()).default([]),
  multiple: z.boolean().default(false),
  include_blank: z.boolean().default(false),
  first_as_label: z.boolean().default(false),
  exclusive: z.boolean().default(false),
  label_first: z.boolean().default(false),
  use_label_element: z.boolean().default(false),
  free_text: z.boolean().default(false),
  /** Default choice(s), 1-based as in `default:1_3`; for text-like tags `default:user_email` etc. are kept raw. */
  default: z.array(z.string()).default([]),
  optional: z.boolean().default(false),
  invert: z.boolean().default(false),
  /** count: counts down from the maximum instead of up. */
  down: z.boolean().default(false),
  /** Options the parser kept but does not interpret (shown as a warning in the editor). */
  other: z.array(z.string()).default([]),
});
export type TagOptions = z.infer<typeof tagOptionsSchema>;

export const formTagSchema = z.object({
  type: z.enum(TAG_TYPES),
  required: z.boolean(),
  /** Field name (`your-email`); for count, the name of the field it counts; '' for submit/response. */
  name: z.string(),
  options: tagOptionsSchema,
  /** Quoted values in order, pipes split (quiz: label = question, value = answer). */
  values: z.array(choiceSchema),
  /** Enclosed content: `[acceptance a] I agree [/acceptance]`. */
  content: z.string().optional(),
  /** 1-based line of the tag in the template (for messages in the editor). */
  line: z.number().int().positive(),
});
export type FormTag = z.infer<typeof formTagSchema>;

/** Markup the template may use around tags; anything else is shown as text. Attributes kept: id, class, for. */
export const TEMPLATE_ELEMENTS = ['label', 'p', 'br', 'div', 'span', 'strong', 'em', 'b', 'i', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'fieldset', 'legend', 'small'] as const;
export type TemplateElement = (typeof TEMPLATE_ELEMENTS)[number];

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: TemplateElement; attrs: { id?: string; class?: string; for?: string }; children: TemplateNode[] }
  | { kind: 'tag'; tag: FormTag };

export const templateNodeSchema: z.ZodType<TemplateNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), text: z.string() }),
    z.object({
      kind: z.literal('element'),
      tag: z.enum(TEMPLATE_ELEMENTS),
      attrs: z.object({ id: z.string().optional(), class: z.string().optional(), for: z.string().optional() }),
      children: z.array(templateNodeSchema),
    }),
    z.object({ kind: z.literal('tag'), tag: formTagSchema }),
  ]),
);

/** A mail: every text may hold `[field-name]` (and `[_site_title]`, `[_date]`, …) substitutions. */
export const mailTemplateSchema = z.object({
  active: z.boolean(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  /** Extra headers, one per line; only `Reply-To:`, `Cc:`, `Bcc:` are honoured. */
  additionalHeaders: z.string().default(''),
  body: z.string(),
  /** `[your-file]` names of file fields whose uploads are attached. */
  attachments: z.string().default(''),
  html: z.boolean().default(false),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

/** Statuses of a submission, as Contact Form 7 answers them. */
export const SUBMISSION_STATUSES = ['validation_failed', 'acceptance_missing', 'spam', 'aborted', 'mail_sent', 'mail_failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Messages the owner can word; keys are Contact Form 7's. */
export const MESSAGE_KEYS = [
  'mail_sent_ok',
  'mail_sent_ng',
  'validation_error',
  'spam',
  'accept_terms',
  'invalid_required',
  'invalid_too_long',
  'invalid_too_short',
  'upload_failed',
  'upload_file_type_invalid',
  'upload_file_too_large',
  'quiz_answer_not_correct',
  'invalid_date',
  'date_too_early',
  'date_too_late',
  'invalid_number',
  'number_too_small',
  'number_too_large',
  'invalid_email',
  'invalid_url',
  'invalid_tel',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

export const formSettingsSchema = z.object({
  /** Runs the pipeline but sends no mail and answers mail_sent. */
  demoMode: z.boolean().default(false),
  /** Only logged-in shoppers may submit. */
  subscribersOnly: z.boolean().default(false),
  /** Acceptance checkboxes are checked as validation instead of disabling submit. */
  acceptanceAsValidation: z.boolean().default(false),
  /** Skips mail (stores only) and answers mail_sent. */
  skipMail: z.boolean().default(false),
  /** Days uploaded files are kept (then deleted in the background; the submission stays). Default 30; 0 keeps them. */
  uploadRetentionDays: z.number().int().min(0).max(3650).optional(),
  /** A submission sent sooner than this after the form was loaded is spam. Default 3. */
  minFillSeconds: z.number().int().min(0).max(3600).optional(),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

export const formDefinitionSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  locale: z.string(),
  template: z.array(templateNodeSchema),
  /** Every tag of the template in order (inputs, count, submit, response). */
  tags: z.array(formTagSchema),
  mail: mailTemplateSchema,
  mail2: mailTemplateSchema,
  messages: z.record(z.enum(MESSAGE_KEYS), z.string()),
  settings: formSettingsSchema,
});
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** A problem the parser found, shown in the editor at its line. */
export interface ParseIssue {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

/** One invalid field in a response, in Contact Form 7's shape. */
export interface InvalidField {
  field: string;
  /** Selector of the field's wrapper: `span.wpcf7-form-control-wrap[data-name="your-email"]`. */
  into: string;
  message: string;
  idref: string | null;
  error_id: string;
}

/** The feedback answer, in Contact Form 7's shape. */
export interface FeedbackResponse {
  contact_form_id: number;
  status: SubmissionStatus | string;
  message: string;
  posted_data_hash: string;
  into: string;
  invalid_fields: InvalidField[];
  quiz?: Record<string, [string, string]>;
  captcha?: Record<string, string>;
}
