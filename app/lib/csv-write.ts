/*
 * Writing CSV (the reader is csv.ts): RFC 4180 cells, CRLF line ends, and a streamed download
 * that starts at once and is written a page of rows at a time, so an export never holds a
 * whole table. Cells starting with = + - @ are prefixed with an apostrophe, as WooCommerce's
 * exporter does, so a spreadsheet shows them as text instead of running them as formulas;
 * WooCommerce's importer and ours (woo-import/values.ts `unescapeCell`) drop the apostrophe.
 */

/** What a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@]/;

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
 * first page is read, and a client that goes away stops the reading.
 */
export function csvDownload(fileName: string, lines: AsyncGenerator<string>): Response {
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
    },
  });
}

/** Minor units as a plain decimal string with the currency's `exponent` decimals ("12.50", "-0.05", "1200"); never through a float. */
export function decimalAmount(minor: number, exponent: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(minor))).padStart(exponent + 1, '0');
  return exponent > 0 ? `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : `${sign}${digits}`;
}
