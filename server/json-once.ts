/**
 * JSON text of an answer object, computed once per object. Cached answers (a quick view, a
 * cart priced again unchanged) are the same object each time, so repeat requests skip the
 * serialisation. Only for objects nobody mutates after they are answered.
 */
const texts = new WeakMap<object, string>();

export function jsonOnce<T extends object>(value: T, serialise: (value: T) => string = JSON.stringify): string {
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = serialise(value)));
  return text;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
