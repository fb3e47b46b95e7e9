/**
 * The validation the browser runs before sending: the server's own rules (rules.ts), so a
 * shopper sees the same tips before and after a round trip.
 */
import type { InvalidField } from '../definition.ts';
import type { PublicForm } from './form-state.ts';
import { validate, type PostedFiles, type PostedValues } from '../rules.ts';

export function validateInBrowser(def: PublicForm, unitTag: string, values: PostedValues, files: PostedFiles): InvalidField[] {
  return validate(def, values, files, { unitTag });
}
