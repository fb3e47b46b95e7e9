import { HttpError } from '../../../lib/http-error.ts';
import { FIELDS, readHeader, toRawRow, type Header } from './columns.ts';
import { isCsvError, readCsv } from '../../../lib/csv.ts';
import type { FailedRefs, Skip } from './plan.ts';
import { toWooRow, type WooRow } from './rows.ts';
import { unescapeCell } from './values.ts';

/*
 * First pass over the file: the header is checked (a missing required column stops the
 * import before anything is written), then every record becomes a row or a reason.
 */

export interface Warning {
  row?: number;
  message: string;
}

export interface ReadResult {
  header: Header;
  rows: WooRow[];
  skipped: Skip[];
  warnings: Warning[];
  failedRefs: FailedRefs;
  /** Data records read, blank lines excluded. */
  records: number;
}

export type CsvSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

const invalid = (message: string) => new HttpError(400, 'invalid_csv', message);

export async function readRows(source: CsvSource, currency: string, onRecord?: (records: number) => void): Promise<ReadResult> {
  let header: Header | undefined;
  const out: Omit<ReadResult, 'header'> = { rows: [], skipped: [], warnings: [], failedRefs: new Map(), records: 0 };
  for await (const item of readCsv(source)) {
    if (!header) {
      if (isCsvError(item)) throw invalid(`Row 1 (the header) cannot be read: ${item.error}.`);
      if (item.fields.every((f) => !f.trim())) throw invalid('The file is empty: row 1 must be the header (ID, Type, SKU, Name, …).');
      header = readHeader(item.fields);
      if (header.missing.length) {
        const names = header.missing.map((f) => `"${FIELDS[f]}"`).join(' and ');
        throw invalid(`Row 1 (the header) has no ${names} column: is this a WooCommerce product export? Found: ${item.fields.slice(0, 8).join(', ')}${item.fields.length > 8 ? ', …' : ''}.`);
      }
      if (header.duplicates.length) throw invalid(`Row 1 (the header) names these columns twice: ${header.duplicates.join(', ')}.`);
      if (header.unknown.length) out.warnings.push({ row: 1, message: `columns not recognised and ignored: ${header.unknown.join(', ')}` });
      const has = (f: string) => header!.columns.some((c) => c.kind === 'field' && c.field === f);
      if (!has('sku') && !has('id')) out.warnings.push({ row: 1, message: 'no SKU or ID column: importing this file again will create the products again' });
      continue;
    }
    if (isCsvError(item)) {
      out.records++;
      out.skipped.push({ row: item.row, reason: `${item.error[0].toUpperCase()}${item.error.slice(1)} (line ${item.line})` });
      continue;
    }
    if (item.fields.every((f) => !f.trim())) continue;
    out.records++;
    onRecord?.(out.records);
    const extra = item.fields.slice(header.columns.length).filter((f) => f.trim());
    if (extra.length) {
      out.skipped.push({ row: item.row, reason: `${item.fields.length} cells but the header has ${header.columns.length} columns (line ${item.line}): is a quote or comma out of place?` });
      continue;
    }
    const raw = toRawRow(header, item.fields, item.row);
    const result = toWooRow(raw, { currency });
    if (result.ok) {
      out.rows.push(result.value);
      for (const message of result.value.warnings) out.warnings.push({ row: item.row, message });
    } else {
      out.skipped.push({ row: item.row, reason: result.reason });
      const sku = unescapeCell(raw.fields.sku ?? '').trim();
      const id = unescapeCell(raw.fields.id ?? '').trim();
      if (sku) out.failedRefs.set(`sku:${sku}`, item.row);
      if (/^\d+$/.test(id)) out.failedRefs.set(`id:${Number(id)}`, item.row);
    }
  }
  if (!header) throw invalid('The file is empty: row 1 must be the header (ID, Type, SKU, Name, …).');
  return { header, ...out };
}
