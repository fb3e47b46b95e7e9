import fc from 'fast-check';
import { sql } from 'kysely';
import type { DB } from '../../db/client.ts';
import type { Dialect } from './databases.ts';

/*
 * The API fuzzer's parts (tests/api/fuzz.test.ts): arbitraries built from the JSON Schemas
 * of the served OpenAPI document, requests made from them the way a client sends them, and
 * a change counter in the database that tells whether a request wrote anything.
 */

export type Json = Record<string, unknown>;

/** Values known to exist in the shop, by property or parameter name: valid requests use them. */
export type Hints = Record<string, () => unknown[]>;

const JSON_ANY = fc.jsonValue({ maxDepth: 2 });

/** Strings a hostile client likes: control characters, long text, markup, SQL, odd Unicode. */
export const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'a\u0000b',
    '\ud800',
    '\u202e',
    'x'.repeat(5000),
    '9'.repeat(40),
    '%00',
    '%ff',
  ),
);

function stringArb(s: Json): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? Math.min(s.maxLength, 300) : 60;
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= maxLength);
  if (typeof s.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= (s.maxLength as number | undefined ?? Infinity));
    } catch {
      // A pattern fast-check cannot read: plain text, sometimes refused.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

function numberArb(s: Json, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6;
  const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6;
  const min = Math.max(lo, Number.MIN_SAFE_INTEGER);
  const max = Math.min(hi, Number.MAX_SAFE_INTEGER);
  if (integer) return fc.oneof(fc.integer({ min: Math.max(min, -1000), max: Math.min(max, Math.max(min, -1000) + 2000) }), fc.maxSafeInteger().map((n) => Math.min(max, Math.max(min, n))));
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as JSON Schema says: refinements may still refuse some). */
export function valid(schema: unknown, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as Json;
  const hinted = name && hints[name] ? hints[name]!() : [];
  const plain = validBySchema(s, hints);
  return hinted.length ? fc.oneof({ arbitrary: fc.constantFrom(...hinted), weight: 3 }, { arbitrary: plain, weight: 1 }) : plain;
}

function validBySchema(s: Json, hints: Hints): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, hints)));
  if (Array.isArray(s.allOf) && s.allOf.length) return valid(s.allOf[0], hints);
  const type = s.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => valid({ ...s, type: t }, hints)));
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 5, 8));
      return fc.array(valid(s.items, hints), { minLength, maxLength });
    }
    case 'object':
      return objectArb(s, hints);
    default:
      return s.properties ? objectArb(s, hints) : JSON_ANY;
  }
}

function objectArb(s: Json, hints: Hints): fc.Arbitrary<Json> {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const keys = Object.keys(props);
  if (keys.length === 0 && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const key = s.propertyNames ? (valid(s.propertyNames, hints) as fc.Arbitrary<string>) : fc.string({ maxLength: 20 });
    return fc.dictionary(key, valid(s.additionalProperties, hints), { maxKeys: 4 });
  }
  const record = Object.fromEntries(keys.map((k) => [k, valid(props[k], hints, k)]));
  return fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) }) as fc.Arbitrary<Json>;
}

/** A value of the wrong kind for a schema, or right kind but out of its bounds. */
export function invalid(schema: unknown): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as Json;
  const wrongKinds = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), nastyString, fc.array(JSON_ANY, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), JSON_ANY, { maxKeys: 3 }));
  const bounds: fc.Arbitrary<unknown>[] = [];
  if (typeof s.maxLength === 'number') bounds.push(fc.constant('y'.repeat(s.maxLength + 1)));
  if (typeof s.minLength === 'number' && s.minLength > 0) bounds.push(fc.constant(''));
  if (typeof s.maximum === 'number') bounds.push(fc.constant(s.maximum + 1));
  if (typeof s.minimum === 'number') bounds.push(fc.constant(s.minimum - 1), fc.constant(s.minimum - 0.5));
  if (typeof s.exclusiveMinimum === 'number') bounds.push(fc.constant(s.exclusiveMinimum));
  return bounds.length ? fc.oneof(wrongKinds, ...bounds) : wrongKinds;
}

/** A schema-valid object with one thing wrong: a field missing, of the wrong kind, or extra. */
export function mutatedObject(schema: unknown, hints: Hints): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as Json;
  const props = (s.properties ?? {}) as Record<string, Json>;
  const keys = Object.keys(props);
  if (!keys.length) return invalid(s);
  return fc.tuple(valid(s, hints) as fc.Arbitrary<Json>, fc.constantFrom(...keys), fc.nat(2)).chain(([base, key, how]) => {
    const obj = { ...(base && typeof base === 'object' ? base : {}) };
    if (how === 0) {
      delete obj[key];
      return fc.constant(obj as unknown);
    }
    if (how === 1) {
      const nested = props[key]!;
      const value = nested.type === 'object' || nested.properties ? mutatedObject(nested, hints) : invalid(nested);
      return value.map((v) => ({ ...obj, [key]: v }) as unknown);
    }
    return fc.tuple(fc.string({ maxLength: 12 }), JSON_ANY).map(([k, v]) => ({ ...obj, [k]: v }) as unknown);
  });
}

/* ---------- Change counting ---------- */

/** Columns that move on reads and refused requests (as tests/helpers/hostile.ts). */
const VOLATILE: Record<string, string[]> = { carts: ['updated_at'], sessions: ['expires_at'] };
/**
 * Tables a request is meant to write whatever its answer: search statistics count every
 * listing search, and a request with an Idempotency-Key keeps its answer, a refusal too, so a
 * repeat gets the same one (docs/ARCHITECTURE.md, "Retries and idempotency").
 */
const STATISTICS = new Set(['search_stats', 'idempotency_keys']);

/**
 * Triggers on every table that count the rows each statement inserts, deletes or really
 * changes (volatile columns and the settings' cache entries aside): one cheap query then
 * says whether a request wrote anything, and where.
 */
export async function installChangeCounter(db: DB, dialect: Dialect) {
  // SQLite's full-text indexes are virtual tables (no triggers); their own tables follow the rows they index.
  const virtual = new Set(
    dialect === 'sqlite' ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL%'`.execute(db)).rows.map((r) => r.name) : [],
  );
  const shadow = (name: string) => [...virtual].some((v) => name.startsWith(`${v}_`));
  // PostgreSQL: this test's own schema only (others run in the same database).
  let tables: { name: string; columns: { name: string }[] }[];
  if (dialect === 'postgres') {
    const rows = await sql<{ t: string; c: string }>`select c.table_name as t, c.column_name as c from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() order by c.ordinal_position`.execute(db);
    const byTable = new Map<string, { name: string }[]>();
    for (const r of rows.rows) byTable.set(r.t, [...(byTable.get(r.t) ?? []), { name: r.c }]);
    tables = [...byTable].map(([name, columns]) => ({ name, columns }));
  } else {
    tables = (await db.introspection.getTables()).filter((t) => !t.isView && !virtual.has(t.name) && !shadow(t.name));
  }
  tables = tables.filter((t) => !t.name.startsWith('kysely_') && !STATISTICS.has(t.name));
  await sql`create table fuzz_changes (tbl varchar(100) primary key, n integer not null)`.execute(db);
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function fuzz_count() returns trigger language plpgsql as $$ begin update fuzz_changes set n = n + 1 where tbl = TG_TABLE_NAME; return null; end $$`,
      )
      .execute(db);
  }
  for (const table of tables) {
    const t = table.name;
    await sql`insert into fuzz_changes (tbl, n) values (${t}, 0)`.execute(db);
    const cols = table.columns.map((c) => c.name).filter((c) => !VOLATILE[t]?.includes(c));
    const q = (c: string) => `"${c}"`;
    const cacheRow = (row: 'NEW' | 'OLD') => (t === 'settings' ? `${row}."key" not like 'cache.%'` : '');
    const changed =
      dialect === 'sqlite'
        ? cols.map((c) => `OLD.${q(c)} IS NOT NEW.${q(c)}`).join(' OR ')
        : `(${cols.map((c) => `OLD.${q(c)}`).join(', ')}${cols.length === 1 ? ', 1' : ''}) IS DISTINCT FROM (${cols.map((c) => `NEW.${q(c)}`).join(', ')}${cols.length === 1 ? ', 1' : ''})`;
    const events: [string, string][] = [
      ['insert', cacheRow('NEW')],
      ['delete', cacheRow('OLD')],
      ['update', [changed && `(${changed})`, cacheRow('NEW')].filter(Boolean).join(' AND ')],
    ];
    for (const [event, when] of events) {
      const name = `fz_${event[0]}_${t}`;
      const stmt =
        dialect === 'sqlite'
          ? `create trigger ${q(name)} after ${event} on ${q(t)} for each row ${when ? `when ${when}` : ''} begin update fuzz_changes set n = n + 1 where tbl = '${t}'; end`
          : `create trigger ${q(name)} after ${event} on ${q(t)} for each row ${when ? `when (${when})` : ''} execute function fuzz_count()`;
      try {
        await sql.raw(stmt).execute(db);
      } catch (err) {
        throw new Error(`${String(err)}: ${stmt}`);
      }
    }
  }
}

/** Rows written since the counter was installed, in total. */
export async function changeCount(db: DB): Promise<number> {
  const row = await sql<{ n: number | string | null }>`select sum(n) as n from fuzz_changes`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Rows written per table, for a failure message. */
export async function changesByTable(db: DB): Promise<Record<string, number>> {
  const rows = await sql<{ tbl: string; n: number | string }>`select tbl, n from fuzz_changes where n > 0`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.tbl, Number(r.n)]));
}
