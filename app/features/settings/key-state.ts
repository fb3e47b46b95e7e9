import { z } from 'zod';

/*
 * What each online provider's settings share (stripe-settings.ts, paypal-settings.ts): the
 * result of the last check of one mode's keys, and the yes/no field of their admin forms.
 */

/** What the last check of one mode's keys found: usable, refused by the provider, not set, or not checked yet. */
export const keyStateSchema = z.object({
  state: z.enum(['ok', 'invalid', 'missing', 'unchecked']).default('missing'),
  message: z.string().max(300).default(''),
  checkedAt: z.string().max(40).default(''),
});
export type KeyState = z.infer<typeof keyStateSchema>;

/** A stored key state, or the "missing" one when the settings never had it. */
export const storedKeyState = z.preprocess((v) => v ?? {}, keyStateSchema);

/** A yes/no field: a boolean, or what a form or the API sends for one (1/0, on/off, true/false, yes/no). */
export const flag = (fallback: boolean) =>
  z.preprocess((v) => {
    if (typeof v === 'boolean' || v === undefined) return v;
    const s = String(v).toLowerCase();
    return ['1', 'on', 'true', 'yes'].includes(s) ? true : ['0', 'off', 'false', 'no', ''].includes(s) ? false : v;
  }, z.boolean({ message: 'Must be yes or no' }).default(fallback));
