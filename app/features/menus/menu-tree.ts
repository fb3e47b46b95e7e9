import { MENU_LIMITS } from '../../config/constants.ts';
import type { MenuItem, MenuItemKind } from './menus.schema.ts';

/**
 * The admin's menu editor works on the tree as a flat list of rows with a depth (what the
 * screen shows, one row per item); these helpers move rows with their children and turn the
 * list back into the tree the API takes.
 */
export interface Row {
  key: string;
  depth: number;
  label: string;
  kind: MenuItemKind;
  target: string;
  targetId: number | null;
  megaColumns: number;
  prompt: boolean;
}

export function flatten(items: MenuItem[], depth = 0, out: Row[] = []): Row[] {
  for (const i of items) {
    out.push({ key: `i${i.id}`, depth, label: i.label, kind: i.kind, target: i.target, targetId: i.targetId, megaColumns: i.megaColumns, prompt: i.prompt });
    flatten(i.children, depth + 1, out);
  }
  return out;
}

export interface TreeItem {
  label: string;
  kind: MenuItemKind;
  target?: string;
  targetId?: number | null;
  megaColumns: number;
  prompt: boolean;
  children: TreeItem[];
}

/** The rows as the tree the API takes (a row deeper than the one before it by more than one is taken as one deeper). */
export function toTree(rows: Row[]): TreeItem[] {
  const top: TreeItem[] = [];
  const stack: TreeItem[][] = [top];
  for (const r of rows) {
    const depth = Math.min(r.depth, stack.length - 1);
    stack.length = depth + 1;
    const item: TreeItem = {
      label: r.label,
      kind: r.kind,
      ...(r.kind === 'page' || r.kind === 'url' ? { target: r.target } : { targetId: r.targetId }),
      megaColumns: r.megaColumns,
      prompt: r.prompt,
      children: [],
    };
    stack[depth]!.push(item);
    stack.push(item.children);
  }
  return top;
}

/** The index just past a row's children. */
export function blockEnd(rows: Row[], index: number): number {
  let end = index + 1;
  while (end < rows.length && rows[end]!.depth > rows[index]!.depth) end += 1;
  return end;
}

/** Moves a row (with its children) before its previous sibling (-1) or after its next one (+1); unchanged at the ends. */
export function moveRow(rows: Row[], index: number, by: -1 | 1): Row[] {
  const depth = rows[index]!.depth;
  const end = blockEnd(rows, index);
  if (by < 0) {
    let prev = index - 1;
    while (prev >= 0 && rows[prev]!.depth > depth) prev -= 1;
    if (prev < 0 || rows[prev]!.depth !== depth) return rows;
    return [...rows.slice(0, prev), ...rows.slice(index, end), ...rows.slice(prev, index), ...rows.slice(end)];
  }
  if (end >= rows.length || rows[end]!.depth !== depth) return rows;
  const nextEnd = blockEnd(rows, end);
  return [...rows.slice(0, index), ...rows.slice(end, nextEnd), ...rows.slice(index, end), ...rows.slice(nextEnd)];
}

/** Nests a row (with its children) under the row above it, or moves it out one level. */
export function shiftRow(rows: Row[], index: number, by: -1 | 1): Row[] {
  const row = rows[index]!;
  const end = blockEnd(rows, index);
  if (by > 0) {
    const above = rows[index - 1];
    const deepest = Math.max(...rows.slice(index, end).map((r) => r.depth));
    if (!above || above.depth < row.depth || deepest + 1 >= MENU_LIMITS.depth) return rows;
  } else if (row.depth === 0) return rows;
  return rows.map((r, i) => (i >= index && i < end ? { ...r, depth: r.depth + by } : r));
}

/** Moves a row with its children to where another row is (a drag and drop). */
export function moveBlockTo(rows: Row[], from: number, to: number): Row[] {
  if (from === to) return rows;
  const end = blockEnd(rows, from);
  if (to > from && to < end) return rows;
  const block = rows.slice(from, end);
  const rest = [...rows.slice(0, from), ...rows.slice(end)];
  const at = to > from ? to - block.length + 1 : to;
  const insert = Math.max(0, Math.min(rest.length, at));
  // Keep the block's depth valid where it lands: no deeper than the row above allows.
  const above = rest[insert - 1];
  const maxDepth = above ? above.depth + 1 : 0;
  const shift = Math.min(0, maxDepth - block[0]!.depth);
  return [...rest.slice(0, insert), ...block.map((r) => ({ ...r, depth: r.depth + shift })), ...rest.slice(insert)];
}
