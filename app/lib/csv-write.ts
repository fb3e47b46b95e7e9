/*
 * Writing CSV (the reader is csv.ts): RFC 4180 cells, CRLF line ends, and a streamed download
 * that starts at once and is written a page of rows at a time, so an export never holds a
 * whole table. Cells starting with = + - @ (or a tab or carriage return) are prefixed with an
 * apostrophe, as WooCommerce's exporter does, so a spreadsheet shows them as text instead of
 * running them as formulas; WooCommerce's importer and ours (woo-import/values.ts
 * `unescapeCell`) drop the apostrophe. Every CSV export (products, orders, customers, tax
 * rates, reports, form submissions) writes its cells here; amounts go through money.ts
 * `plainPrice`.
 */

/**
 * What a spreadsheet would run as a formula, or a cell that already starts with the apostrophe
 * before one (it gets one more, so reading drops exactly the apostrophe writing added).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The inverse of the formula guard: drops the apostrophe in front of a formula start. */
export const unescapeFormula = (cell: string): string => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** One cell: neutralised against formulas, then quoted when it holds a comma, quote, line break or edge space. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Byte-order mark first: spreadsheet programs then read the file as UTF-8 (both importers drop it). */
export const CSV_BOM = '\uFEFF';

/**
 * A download of the text chunks `lines` yields, pulled one chunk at a time as the client
 * reads: the headers (and so the browser's download with its progress) go out before the
 * first page is read, and a client that goes away stops the reading. `totalRows`, when
 * known, is the number of records after the header (`X-Total-Rows`), counted before the
 * first page is read: what the export button's progress counts towards.
 */
export function csvDownload(fileName: string, lines: AsyncGenerator<string>, totalRows?: number): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      ...(totalRows === undefined ? {} : { 'x-total-rows': String(totalRows) }),
    },
  });
}
