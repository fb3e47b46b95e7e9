import { describe, expect, it } from 'vitest';
import { moveBlockTo, moveRow, shiftRow, toTree, type Row } from './menu-tree.ts';

const row = (key: string, depth: number): Row => ({ key, depth, label: key, kind: 'url', target: `/${key}`, targetId: null, megaColumns: 0, prompt: false });
const keys = (rows: Row[]) => rows.map((r) => `${'-'.repeat(r.depth)}${r.key}`).join(' ');

describe('menu editor rows', () => {
  const rows = [row('a', 0), row('a1', 1), row('a2', 1), row('b', 0), row('c', 0)];

  it('moves a row with its children among its siblings only', () => {
    expect(keys(moveRow(rows, 3, -1))).toBe('b a -a1 -a2 c');
    expect(keys(moveRow(rows, 0, 1))).toBe('b a -a1 -a2 c');
    expect(keys(moveRow(rows, 1, 1))).toBe('a -a2 -a1 b c');
    expect(moveRow(rows, 1, -1)).toBe(rows);
    expect(moveRow(rows, 4, 1)).toBe(rows);
  });

  it('nests under the row above, at most three levels, and moves out again', () => {
    expect(keys(shiftRow(rows, 3, 1))).toBe('a -a1 -a2 -b c');
    expect(keys(shiftRow(rows, 2, 1))).toBe('a -a1 --a2 b c');
    const deep = shiftRow(rows, 2, 1);
    expect(shiftRow(deep, 2, 1)).toBe(deep);
    expect(shiftRow(rows, 0, 1)).toBe(rows);
    expect(keys(shiftRow(rows, 0, -1))).toBe(keys(rows));
    expect(keys(shiftRow(rows, 1, -1))).toBe('a a1 -a2 b c');
  });

  it('drags a block to another place, keeping depths valid', () => {
    expect(keys(moveBlockTo(rows, 0, 4))).toBe('b c a -a1 -a2');
    expect(keys(moveBlockTo(rows, 4, 0))).toBe('c a -a1 -a2 b');
    expect(keys(moveBlockTo(rows, 1, 4))).toBe('a -a2 b c -a1');
  });

  it('turns rows into the tree the API takes', () => {
    expect(toTree(rows)).toEqual([
      { label: 'a', kind: 'url', target: '/a', megaColumns: 0, prompt: false, children: [
        { label: 'a1', kind: 'url', target: '/a1', megaColumns: 0, prompt: false, children: [] },
        { label: 'a2', kind: 'url', target: '/a2', megaColumns: 0, prompt: false, children: [] },
      ] },
      { label: 'b', kind: 'url', target: '/b', megaColumns: 0, prompt: false, children: [] },
      { label: 'c', kind: 'url', target: '/c', megaColumns: 0, prompt: false, children: [] },
    ]);
  });
});
