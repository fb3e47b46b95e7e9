import { data } from 'react-router';
import { HttpError } from './http-error.ts';
import type { ActionError } from './action.ts';


/**
 * Runs a page action; a client mistake (HttpError) becomes data for the form to show,
 * with the right status and the submitted values (never passwords) to refill the form.
 */
export async function formAction<T>(fn: () => Promise<T>, values?: Record<string, string>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HttpError) {
      const safe = values ? Object.fromEntries(Object.entries(values).filter(([k]) => !/password|_csrf/i.test(k))) : undefined;
      return data<ActionError>(
        { error: { code: err.code, message: err.message, fields: err.fields }, values: safe },
        { status: err.status, headers: err.headers },
      );
    }
    throw err;
  }
}
