/**
 * A map whose writes only count once the row's transaction commits: an id learnt inside a
 * transaction that rolls back (a category it created, a media row, a SKU) must be forgotten.
 */
export class StagedMap<K, V> {
  private committed = new Map<K, V>();
  private pending = new Map<K, V | undefined>();

  get(key: K): V | undefined {
    return this.pending.has(key) ? this.pending.get(key) : this.committed.get(key);
  }

  set(key: K, value: V | undefined): void {
    this.pending.set(key, value);
  }

  /** Fills the committed side directly, for what is already in the database. */
  load(entries: Iterable<[K, V]>): void {
    for (const [k, v] of entries) this.committed.set(k, v);
  }

  commit(): void {
    for (const [k, v] of this.pending) {
      if (v === undefined) this.committed.delete(k);
      else this.committed.set(k, v);
    }
    this.pending.clear();
  }

  rollback(): void {
    this.pending.clear();
  }
}
