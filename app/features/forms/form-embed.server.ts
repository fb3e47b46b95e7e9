/**
 * What a page needs to show a contact form (the block/shortcode helper's server half): the
 * form as visitors may see it (no mails, no answers), a quiz question with its answer hash
 * and the signed time the form was shown. Nothing per visitor: pages with forms stay
 * cacheable (the island refreshes the quiz and the time through the refill call).
 */
import type { AppLoadContext } from 'react-router';
import { getDefinition } from './forms.server.ts';
import { publicDefinition } from './build.ts';
import { issueStartToken, quizRefill, verifyStartToken, HONEYPOT_FIELD, STARTED_FIELD } from './spam.server.ts';
import type { ContactFormProps, PostedValues } from './components/form-state.ts';
import type { FeedbackResponse } from './definition.ts';
import { CF7_VERSION, formSecret } from './embed-constants.server.ts';

/** `wpcf7-f{id}-p{post}-o{n}` inside a post or page with an id, `wpcf7-f{id}-o{n}` elsewhere (as CF7 names them). */
export function unitTag(formId: number, containerPost = 0, n = 1): string {
  return containerPost > 0 ? `wpcf7-f${formId}-p${containerPost}-o${n}` : `wpcf7-f${formId}-o${n}`;
}

export interface EmbedResult {
  formId: number;
  response: FeedbackResponse;
  values: PostedValues;
  /** The start time the visitor posted: kept while they correct the form, so the time to fill it counts from the first showing. */
  started?: string;
}

/** One form for a page, or null when there is no such form. */
export async function embedForm(
  context: AppLoadContext,
  id: number,
  opts: { action: string; containerPost?: number; result?: EmbedResult | null },
): Promise<ContactFormProps | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const def = await getDefinition(context.services.db, id);
  if (!def) return null;
  const secret = formSecret(context.services);
  const refill = opts.result?.formId === id && opts.result.response.quiz ? opts.result.response.quiz : quizRefill(secret, def);
  const result = opts.result?.formId === id ? opts.result : null;
  return {
    form: publicDefinition(def),
    unitTag: unitTag(id, opts.containerPost ?? 0),
    containerPost: opts.containerPost ?? 0,
    version: CF7_VERSION,
    action: opts.action,
    quiz: Object.fromEntries(Object.entries(refill ?? {}).map(([name, [question, hash]]) => [name, { question, hash }])),
    hidden: { [STARTED_FIELD]: result?.started && result.response.status !== 'mail_sent' && verifyStartToken(secret, result.started) !== null ? result.started : issueStartToken(secret) },
    startedField: STARTED_FIELD,
    honeypot: HONEYPOT_FIELD,
    result,
  };
}

/** Several forms by id (a page whose content embeds them), keyed by id; unknown ids are left out. */
export async function embedForms(context: AppLoadContext, ids: number[], opts: { action: string; containerPost?: number; result?: EmbedResult | null }) {
  const out: Record<number, ContactFormProps> = {};
  for (const id of new Set(ids)) {
    const props = await embedForm(context, id, opts);
    if (props) out[id] = props;
  }
  return out;
}
