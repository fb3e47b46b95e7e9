import { describe, expect, it } from 'vitest';
import { isCsvError, parseCsv, readCsv, type CsvItem } from './csv.ts';

const fields = (items: CsvItem[]) => items.map((i) => (isCsvError(i) ? { error: i.row } : i.fields));

async function collect(chunks: (string | Uint8Array)[]): Promise<CsvItem[]> {
  const out: CsvItem[] = [];
  for await (const item of readCsv(chunks)) out.push(item);
  return out;
}

describe('readCsv', () => {
  it('reads plain records with LF, CRLF and lone CR line ends', async () => {
    expect(fields(await parseCsv('a,b,c\n1,2,3\r\n4,5,6\r7,8,9'))).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
    ]);
  });

  it('keeps empty fields, including a trailing one, and ends cleanly after a final line break', async () => {
    expect(fields(await parseCsv('a,,c,\n,,,\n'))).toEqual([['a', '', 'c', ''], ['', '', '', '']]);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks', async () => {
    const text = 'name,description\n"Hoodie, blue","He said ""warm"".\nSecond line\r\nThird"\n"",x\n';
    const items = await parseCsv(text);
    expect(fields(items)).toEqual([
      ['name', 'description'],
      ['Hoodie, blue', 'He said "warm".\nSecond line\r\nThird'],
      ['', 'x'],
    ]);
    // Rows count records; lines count physical lines, so messages can name both.
    expect(items.map((i) => [i.row, i.line])).toEqual([[1, 1], [2, 2], [3, 5]]);
  });

  it('drops a UTF-8 byte order mark from text and from bytes', async () => {
    expect(fields(await parseCsv('\uFEFFID,Name\n1,Mug'))).toEqual([['ID', 'Name'], ['1', 'Mug']]);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('ID,Name\n2,Cup\n')]);
    expect(fields(await collect([bytes]))).toEqual([['ID', 'Name'], ['2', 'Cup']]);
  });

  it('gives the same records however the input is cut into chunks, even inside a character', async () => {
    const text = 'a,"b\r\nc ""q"", d",é€😀\r\n"x",y,\r\nlast,"",z';
    const expected = fields(await parseCsv(text));
    const bytes = new TextEncoder().encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(fields(await collect([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual(expected);
    }
    const oneByOne = [...bytes].map((b) => new Uint8Array([b]));
    expect(fields(await collect(oneByOne))).toEqual(expected);
    expect(fields(await collect(text.split('')))).toEqual(expected);
  });

  it('reports a quote closed mid-field with its row and line, then reads on from the next line', async () => {
    const text = 'h1,h2\nok,1\n"Broken "quote,2\nfine,3\n';
    const items = await parseCsv(text);
    expect(items[2]).toEqual({ row: 3, line: 3, error: expect.stringContaining('quotes inside a field must be doubled') });
    expect(fields(items)).toEqual([['h1', 'h2'], ['ok', '1'], { error: 3 }, ['fine', '3']]);
    expect(items[3]).toMatchObject({ row: 4, line: 4 });
  });

  it('reports a quote never closed and still reads the records after that line', async () => {
    const items = await parseCsv('h1,h2\n"never closed,1\nafter,2\nend,3');
    expect(items[1]).toEqual({ row: 2, line: 2, error: 'a quoted field is never closed' });
    expect(fields(items).slice(2)).toEqual([['after', '2'], ['end', '3']]);
  });

  it('takes a stray quote inside an unquoted field literally', async () => {
    expect(fields(await parseCsv('12" vinyl,x'))).toEqual([['12" vinyl', 'x']]);
  });

  it('reads nothing from an empty input', async () => {
    expect(await parseCsv('')).toEqual([]);
    expect(await collect([])).toEqual([]);
  });
});
