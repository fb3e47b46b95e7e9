/** JSON stored in a text column: parsed, or the fallback when empty or not valid JSON. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A JSON value a statement built in SQL (json_agg, json_group_array): SQLite answers text, PostgreSQL's driver has parsed it already. */
export const jsonColumn = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
