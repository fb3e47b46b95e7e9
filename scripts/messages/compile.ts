/**
 * Compiling ICU messages to what Lingui's runtime reads (arrays, no parser needed), with the
 * pseudo-language made from English on the way. A broken message throws naming its id, file
 * and language.
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/** The pseudo-language's tag: selectable as the shop's language in tests. */
export const PSEUDO_LANGUAGE = 'en-XA';

export class MessageError extends Error {
  constructor(
    readonly id: string,
    readonly file: string,
    readonly lang: string,
    cause: unknown,
  ) {
    super(`Message "${id}" in ${file} (${lang}) is not valid ICU: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`);
  }
}

/** A compiled message as it is shipped: a plain text stays a string. */
export type Shipped = string | CompiledMessage;

/* Lingui's runtime outside production compiles a message given as a string again, so a text
   with characters ICU reads (braces, apostrophes) ships as an array even when plain. */
function ship(compiled: CompiledMessage): Shipped {
  const only = compiled.length === 1 ? compiled[0] : undefined;
  return typeof only === 'string' && !/[{}']/.test(only) ? only : compiled;
}

/** Compiles one message, naming it when it does not parse. */
export function compileOne(message: string, where: { id: string; file: string; lang: string }, mapText?: (text: string) => string): Shipped {
  try {
    return ship(compileMessageOrThrow(message, mapText));
  } catch (e) {
    throw new MessageError(where.id, where.file, where.lang, e);
  }
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]),
);

/** Accents every Latin letter of a text (placeholders are not text: they stay as written). */
export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
}

/** The pseudo-language's form of an English message: accented, about 30 % longer, in brackets. */
export function pseudoMessage(english: string, where: { id: string; file: string }): Shipped {
  const letters = english.replace(/\{[^{}]*\}/g, '').length;
  const padding = '~'.repeat(Math.max(1, Math.ceil(letters * 0.3)));
  try {
    return ['[', ...compileMessageOrThrow(english, accent), ` ${padding}]`];
  } catch (e) {
    throw new MessageError(where.id, where.file, PSEUDO_LANGUAGE, e);
  }
}
