import type { DB } from '../../../db/client.ts';

/** A variation's choice as people read it: its attribute values in order ("Blue, M"), "any" for an open one. */
export function choiceLabel(attributes: string): string {
  try {
    const values = Object.values(JSON.parse(attributes) as Record<string, string>);
    return values.map((v) => v || 'any').join(', ');
  } catch {
    return '';
  }
}

/** Labels of the given variations (those still there). */
export async function variationLabels(db: DB, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('product_variations').select(['id', 'attributes']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, choiceLabel(r.attributes) || `#${r.id}`]));
}

export async function variationLabel(db: DB, id: number): Promise<string | null> {
  return (await variationLabels(db, [id])).get(id) ?? null;
}
