/**
 * Text normalisation shared by the search index and the queries on both databases: one
 * function decides what a word is, so SQLite and PostgreSQL see the same words.
 */

/** Letters that carry no combining mark in Unicode, folded by hand. */
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, no diacritics ("Crème Brûlée" → "creme brulee"). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD[c] ?? c);
}

/** The words of a text: runs of letters and digits after folding; everything else separates. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words as stored: " word word " (spaces on both sides, so "% w%" finds a word starting with w). */
export function spaced(list: readonly string[]): string {
  return ` ${list.join(' ')} `;
}

/** Shortest query word that tolerates a typo, and the edits it tolerates. */
export const TYPO_MIN_LENGTH = 5;
/** Words this long or longer are kept in the typo vocabulary (a 5-letter word less one letter). */
export const VOCABULARY_MIN_LENGTH = TYPO_MIN_LENGTH - 1;

/** The word and every form of it with one letter removed (the keys of the typo vocabulary). */
export function deletions(word: string): string[] {
  const chars = [...word];
  const out = new Set([word]);
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...out];
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), stopping early
 * once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = 1): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[y.length];
}

/** Plain text of a short description (tags dropped, common entities decoded). */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e] ?? ' ');
}
