import { z } from 'zod';
import { words } from '../../../db/search/normalize.ts';

export const SYNONYM_GROUP_MIN_TERMS = 2;
export const SYNONYM_GROUP_MAX_TERMS = 20;
export const SYNONYM_TERM_MAX_CHARS = 50;

/** Entries of a group as typed: separated by commas, "=" or new lines, trimmed, each once. */
export function splitTerms(text: string): string[] {
  return [...new Set(text.split(/[,=\n]/).map((x) => x.trim().replace(/\s+/g, ' ')).filter(Boolean))];
}

/**
 * A synonym group as the admin form sends it ("tee = t-shirt"): 2–20 entries (one entry
 * has nothing to be a synonym of), each 1–50 characters with a letter or a digit.
 * Every problem is reported on the `terms` field.
 */
export const synonymGroupSchema = z.object({
  terms: z
    .string({ error: 'Enter the words of the group.' })
    .max(SYNONYM_GROUP_MAX_TERMS * (SYNONYM_TERM_MAX_CHARS + 3), 'Too long.')
    .transform(splitTerms)
    .superRefine((list, ctx) => {
      const problem =
        list.length < SYNONYM_GROUP_MIN_TERMS
          ? 'Give at least two words that mean the same, separated by commas or "=".'
          : list.length > SYNONYM_GROUP_MAX_TERMS
            ? `At most ${SYNONYM_GROUP_MAX_TERMS} words per group.`
            : list.some((s) => [...s].length > SYNONYM_TERM_MAX_CHARS)
              ? `Each word may have at most ${SYNONYM_TERM_MAX_CHARS} characters.`
              : list.some((s) => words(s).length === 0)
                ? 'Each word needs a letter or a digit.'
                : new Set(list.map((s) => words(s).join(' '))).size < SYNONYM_GROUP_MIN_TERMS
                  ? 'The words of a group must differ.'
                  : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
