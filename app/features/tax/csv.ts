/*
 * A small RFC 4180 reader for tax-rate files (a few thousand rows at most, read whole):
 * quoted fields may hold commas, doubled quotes and line breaks; CRLF, LF or CR end a
 * record; a UTF-8 BOM is dropped. Each record keeps the line it starts on, for error messages.
 */

export interface CsvRow {
  /** 1-based line where the record starts, as an editor shows it. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    public line: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseCsv(text: string): CsvRow[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record at all.
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: start, fields });
    fields = [];
    field = '';
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = src[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(line, `Line ${line}: unexpected text after a closing quote`);
        }
        continue;
      }
      if (ch === '\n' || (ch === '\r' && src[i + 1] !== '\n')) line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line += 1;
      start = line;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new CsvSyntaxError(start, `Line ${start}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0) endRecord();
  return rows;
}
