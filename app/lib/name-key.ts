/**
 * A name as matched regardless of case, accents and spacing: "  Été " and "ete" share the key
 * "ete". Computed here rather than in SQL so both databases match alike (SQLite has no
 * accent folding of its own); tags keep it in `tags.name_key`.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
