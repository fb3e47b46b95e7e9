import type { DB } from '../../../../db/client.ts';
import { ensureCategory, ensureTag } from '../catalog-write.server.ts';
import { StagedMap } from './staged.ts';
import { nameKey } from '../../../lib/name-key.ts';

/*
 * Category and tag ids by name for the length of one import, so 10,000 rows in the same
 * few categories do not ask the database 10,000 times.
 */
export class TermCache {
  private categories = new StagedMap<string, number>();
  private tags = new StagedMap<string, number>();

  async category(trx: DB, names: string[]): Promise<number> {
    const key = names.map((n) => n.trim().toLowerCase()).join('\u0000');
    let id = this.categories.get(key);
    if (id === undefined) this.categories.set(key, (id = await ensureCategory(trx, names)));
    return id;
  }

  async tag(trx: DB, name: string): Promise<number> {
    // Matched as ensureTag matches: "winter" and "Winter" are one tag.
    const key = nameKey(name);
    let id = this.tags.get(key);
    if (id === undefined) this.tags.set(key, (id = await ensureTag(trx, name)));
    return id;
  }

  commit(): void {
    this.categories.commit();
    this.tags.commit();
  }

  rollback(): void {
    this.categories.rollback();
    this.tags.rollback();
  }
}
