/*
 * A streaming RFC 4180 CSV reader: quoted fields may hold commas, doubled quotes and line
 * breaks; CRLF, LF and lone CR all end a record; a UTF-8 BOM is dropped. A malformed record
 * (a quote closed in the middle of a field, or never closed) is reported with its row and
 * line and reading resumes on the next physical line, so one bad row does not take the rest
 * of the file with it.
 */

/** Largest record accepted; anything longer is almost surely an unbalanced quote. */
export const MAX_RECORD_CHARS = 8_000_000;

export interface CsvRecord {
  /** 1-based record number as a spreadsheet shows it (the header is row 1). */
  row: number;
  /** 1-based physical line on which the record starts. */
  line: number;
  fields: string[];
}

export interface CsvError {
  row: number;
  line: number;
  error: string;
}

export type CsvItem = CsvRecord | CsvError;

export const isCsvError = (item: CsvItem): item is CsvError => 'error' in item;

type Step =
  | { kind: 'record'; fields: string[]; end: number; lines: number }
  | { kind: 'more' }
  | { kind: 'error'; error: string };

const DELIMS = /[,\r\n]/g;

/** Parses one record starting at `start`; asks for more text unless `final`. */
function step(buf: string, start: number, final: boolean): Step {
  const fields: string[] = [];
  let i = start;
  let lines = 0;
  for (;;) {
    if (buf.charCodeAt(i) === 34 /* " */) {
      let value = '';
      let from = i + 1;
      for (;;) {
        const q = buf.indexOf('"', from);
        if (q < 0) return final ? { kind: 'error', error: 'a quoted field is never closed' } : { kind: 'more' };
        value += buf.slice(from, q);
        if (q + 1 >= buf.length && !final) return { kind: 'more' };
        if (buf.charCodeAt(q + 1) === 34) {
          value += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      lines += countBreaks(value);
      fields.push(value);
      const next = buf[i];
      if (next === ',') {
        i++;
        continue;
      }
      if (next === undefined || next === '\n' || next === '\r') return finish(buf, i, fields, lines, final);
      return { kind: 'error', error: `a quote closes a field but "${next}" follows it (quotes inside a field must be doubled)` };
    }
    DELIMS.lastIndex = i;
    const m = DELIMS.exec(buf);
    if (!m) {
      if (!final) return { kind: 'more' };
      fields.push(buf.slice(i));
      return { kind: 'record', fields, end: buf.length, lines };
    }
    fields.push(buf.slice(i, m.index));
    if (m[0] === ',') {
      i = m.index + 1;
      continue;
    }
    return finish(buf, m.index, fields, lines, final);
  }
}

/** Consumes the line break at `i` (CRLF counts once); a CR at the chunk's end waits for more. */
function finish(buf: string, i: number, fields: string[], lines: number, final: boolean): Step {
  if (i >= buf.length) return { kind: 'record', fields, end: i, lines };
  if (buf[i] === '\r') {
    if (i + 1 >= buf.length && !final) return { kind: 'more' };
    return { kind: 'record', fields, end: buf[i + 1] === '\n' ? i + 2 : i + 1, lines: lines + 1 };
  }
  return { kind: 'record', fields, end: i + 1, lines: lines + 1 };
}

function countBreaks(s: string): number {
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 10 || (c === 13 && s.charCodeAt(k + 1) !== 10)) n++;
  }
  return n;
}

/** Where the physical line holding `start` ends: resume point after a malformed record. */
function nextLine(buf: string, start: number): number {
  DELIMS.lastIndex = start;
  for (let m = DELIMS.exec(buf); m; m = DELIMS.exec(buf)) {
    if (m[0] === '\n') return m.index + 1;
    if (m[0] === '\r') return buf[m.index + 1] === '\n' ? m.index + 2 : m.index + 1;
  }
  return buf.length;
}

async function* texts(source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<string> {
  // Decoding as a stream keeps a character split across two chunks whole; the decoder drops a BOM.
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text) first = false;
    yield text;
  }
  yield decoder.decode();
}

/**
 * Reads records from text or byte chunks (a file stream, a Web stream, a string in an
 * array). Blank lines are records with one empty field; callers decide whether to skip them.
 */
export async function* readCsv(source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>): AsyncGenerator<CsvItem> {
  let buf = '';
  let pos = 0;
  let row = 0;
  let line = 1;
  let final = false;
  const chunks = texts(source)[Symbol.asyncIterator]();
  // Re-parsing an incomplete record only once its text has doubled keeps long records linear.
  let waitFor = 0;
  for (;;) {
    while (!final && buf.length - pos < waitFor) {
      const next = await chunks.next();
      if (next.done) final = true;
      else buf = pos > 0 ? buf.slice(pos) + next.value : buf + next.value;
      if (!next.done && pos > 0) pos = 0;
    }
    if (final && pos >= buf.length) return;
    const s = buf.length - pos > 0 ? step(buf, pos, final) : ({ kind: 'more' } as Step);
    if (s.kind === 'more') {
      if (final) return;
      if (buf.length - pos > MAX_RECORD_CHARS) {
        row++;
        yield { row, line, error: 'the record is too long (is a quote left open?)' };
        const resume = nextLine(buf, pos);
        line += 1;
        pos = resume;
        waitFor = 0;
        continue;
      }
      waitFor = Math.max(1, (buf.length - pos) * 2);
      continue;
    }
    waitFor = 0;
    row++;
    if (s.kind === 'error') {
      yield { row, line, error: s.error };
      pos = nextLine(buf, pos);
      line += 1;
      continue;
    }
    yield { row, line, fields: s.fields };
    line += s.lines;
    pos = s.end;
  }
}

/** Parses a whole string; handy for tests and small inputs. */
export async function parseCsv(text: string): Promise<CsvItem[]> {
  const out: CsvItem[] = [];
  for await (const item of readCsv([text])) out.push(item);
  return out;
}
