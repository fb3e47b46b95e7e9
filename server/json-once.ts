/**
 * The JSON body of an answer object as UTF-8 bytes, made once per object. Cached answers (a
 * quick view, a cart priced again unchanged) are the same object each time, so repeat
 * requests skip the serialisation, and the socket sends the stored bytes without copying
 * them. Only for objects nobody mutates after they are answered.
 */
const bodies = new WeakMap<object, Buffer>();

const stringify = (value: unknown) => Buffer.from(JSON.stringify(value));

export function jsonOnce<T extends object>(value: T, serialise: (value: T) => Buffer = stringify): Buffer {
  let body = bodies.get(value);
  if (body === undefined) bodies.set(value, (body = serialise(value)));
  return body;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
