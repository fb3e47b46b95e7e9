/**
 * What a page needs to render a contact form (loaders call it): the public definition, the
 * unit tag, and the hidden fields Contact Form 7's markup carries plus ours. On a page
 * rendered for one visitor the signed start time and each quiz's question and answer hash are
 * filled in; on a page rendered for the shared page cache (`ctx.sharedPage`) they are left
 * empty and `needsRefill` tells the island to fetch them (GET …/refill) when it starts, so no
 * per-visitor token is ever baked into cached HTML.
 */
import type { RequestContext } from '../../lib/services.server.ts';
import { publicDefinition, type PublicFormDefinition } from './build.ts';
import { getDefinition } from './forms.server.ts';
import { FREE_TEXT_PREFIX } from './pipeline.server.ts';
import { HONEYPOT_FIELD, issueStartToken, QUIZ_ANSWER_PREFIX, quizChallenge, STARTED_FIELD } from './spam.server.ts';

/** The `_wpcf7_version` our forms carry (the Contact Form 7 release whose wire format they follow). */
export const WPCF7_VERSION = '6.0.6';

export interface FormRenderData {
  form: PublicFormDefinition;
  /** `wpcf7-f{id}-p{post}-o{n}`: the form's wrapper id and the `_wpcf7_unit_tag` value. */
  unitTag: string;
  /** Hidden inputs to render in this order (name → value). */
  hidden: Record<string, string>;
  /** The question shown for each quiz (its answer hash is in `hidden`); '' while `needsRefill`. */
  quiz: Record<string, string>;
  /** Name of the honeypot input (render it visually hidden, `tabindex="-1"`, `autocomplete="off"`, empty). */
  honeypot: string;
  /** Name prefix of free-text inputs beside a checkbox/radio's last option. */
  freeTextPrefix: string;
  /** The page is shared: the island must call the refill and fill `started` and the quizzes. */
  needsRefill: boolean;
  /** The REST addresses the island posts to. */
  endpoints: { feedback: string; refill: string; schema: string };
}

export async function loadFormForPage(
  ctx: Pick<RequestContext, 'services' | 'sharedPage'>,
  formId: number,
  opts: { containerPost?: number; instance?: number; now?: number } = {},
): Promise<FormRenderData | null> {
  const def = await getDefinition(ctx.services.db, formId);
  if (!def) return null;
  const secret = ctx.services.config.sessionSecret;
  const shared = !!ctx.sharedPage;
  const post = opts.containerPost && opts.containerPost > 0 ? opts.containerPost : 0;
  const unitTag = `wpcf7-f${def.id}${post ? `-p${post}` : ''}-o${opts.instance && opts.instance > 0 ? opts.instance : 1}`;
  const hidden: Record<string, string> = {
    _wpcf7: String(def.id),
    _wpcf7_version: WPCF7_VERSION,
    _wpcf7_locale: def.locale.replace('-', '_'),
    _wpcf7_unit_tag: unitTag,
    _wpcf7_container_post: String(post),
    _wpcf7_posted_data_hash: '',
    [STARTED_FIELD]: shared ? '' : issueStartToken(secret, opts.now),
  };
  const quiz: Record<string, string> = {};
  for (const tag of def.tags) {
    if (tag.type !== 'quiz' || !tag.name) continue;
    const [question, hash] = shared ? ['', ''] : quizChallenge(secret, def.id, tag);
    quiz[tag.name] = question;
    hidden[`${QUIZ_ANSWER_PREFIX}${tag.name}`] = hash;
  }
  const base = `/wp-json/contact-form-7/v1/contact-forms/${def.id}`;
  return {
    form: publicDefinition(def),
    unitTag,
    hidden,
    quiz,
    honeypot: HONEYPOT_FIELD,
    freeTextPrefix: FREE_TEXT_PREFIX,
    needsRefill: shared,
    endpoints: { feedback: `${base}/feedback`, refill: `${base}/refill`, schema: `${base}/feedback/schema` },
  };
}
