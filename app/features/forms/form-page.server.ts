/**
 * A contact form posted without scripts to the page that shows it: the server's pipeline
 * (the same as the feedback endpoint's) judges and sends it, and the page is rendered again
 * with the answer's messages, the invalid fields' tips and what the visitor entered.
 */
import type { AppLoadContext } from 'react-router';
import { HttpError } from '../../lib/http-error.ts';
import { embedForms } from './form-embed.server.ts';
import type { PostedValues } from './components/form-state.ts';
import { FREE_TEXT_PREFIX, submitFromPage } from './pipeline.server.ts';
import { STARTED_FIELD } from './spam.server.ts';

/** The free-text inputs' values, kept to show again beside their options. */
function freeTexts(form: FormData): PostedValues {
  const out: PostedValues = {};
  for (const [key, value] of form) if (key.startsWith(FREE_TEXT_PREFIX) && typeof value === 'string') out[key] = value.slice(0, 1000);
  return out;
}

export async function formPageAction(context: AppLoadContext, request: Request, opts: { action: string; ids: number[] }) {
  const form = await request.formData().catch(() => null);
  const id = Number(form?.get('_wpcf7'));
  if (!form || !Number.isSafeInteger(id) || !opts.ids.includes(id)) throw new HttpError(400, 'invalid', 'This form cannot be sent here.');
  const { response, values } = await submitFromPage(context, id, form, request.headers.get('user-agent') ?? '');
  // After a sent message the form comes back empty, as the island resets it.
  const shown = response.status === 'mail_sent' ? {} : { ...values, ...freeTexts(form) };
  const forms = await embedForms(context, opts.ids, { action: opts.action, result: { formId: id, response, values: shown, started: String(form.get(STARTED_FIELD) ?? '') } });
  return { forms };
}
