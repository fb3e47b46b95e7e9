/*
 * Reads an admin list (components/admin-table.tsx) out of a page's HTML the way its reader
 * would: one array of cell texts per body row, the row header first.
 */

const decode = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|&#xa0;/gi, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The rows of the first admin table on the page (none when it shows its empty state). */
export function tableRows(html: string): string[][] {
  const table = /<div class="admin-table[^"]*"><table>([\s\S]*?)<\/table>/.exec(html);
  if (!table) return [];
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table[1])?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1].matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => decode(cell[1])));
}
