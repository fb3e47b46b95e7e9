import { allowedChildren, CONTENT_TYPES, parsePageBlocks, type Block, type BlockType } from '../blocks.schema.ts';
import { autoplayFrom, autoplaySeconds, propFields, type PropField } from '../prop-fields.ts';
import { idsOf, starterProps } from '../tree.ts';

/*
 * The visual builder's data: our block tree ⇄ Puck's `{ root, content }`. Each top-level
 * block is one Puck item whose props are the block's props as its side-panel fields edit
 * them (links and lists as their own fields, a list of category paths one item a path,
 * autoplay in seconds),
 * plus `id` and the block's children
 * kept whole in `blockChildren` (edited in the backend editor). Converting back gives the
 * tree the server validates on save; ids Puck made up or duplicated are replaced.
 */

export interface PuckItem {
  type: string;
  props: Record<string, unknown> & { id: string };
}
export interface PuckPageData {
  root: { props: Record<string, unknown> };
  content: PuckItem[];
}

/** The key of a block's children in a Puck item's props. */
export const CHILDREN_KEY = 'blockChildren';

export const fieldsOf = (type: BlockType): PropField[] => propFields(type);

/** A list of category paths as the builder's list holds it: one item a path. */
export const PATH_KEY = 'path';

/** A prop as the builder's field holds it: nested objects and lists as their own fields, autoplay in seconds. */
function toField(f: PropField, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (f.fields && value !== null && typeof value === 'object') return toFields(f.fields, value as Record<string, unknown>);
  if (Array.isArray(value) && f.items === 'category') return value.map((v) => ({ [PATH_KEY]: v }));
  if (Array.isArray(value) && f.items) return value.map((v) => (v !== null && typeof v === 'object' ? toFields(f.items as PropField[], v as Record<string, unknown>) : v));
  if (f.kind === 'autoplay') return autoplaySeconds(value);
  return value;
}

function toFields(fields: PropField[], value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = toField(f, value[f.key]);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

/** Fields' values as props; undefined when every one is empty (an optional link left blank). */
function fromFields(fields: PropField[], value: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = fromField(f, value[f.key]);
    if (v !== undefined && v !== '') out[f.key] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A field's value as the block prop (undefined: left out, the schema default applies). */
function fromField(f: PropField, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (f.fields && typeof value === 'object' && !Array.isArray(value)) return fromFields(f.fields, value as Record<string, unknown>);
  if (f.items === 'category' && Array.isArray(value)) {
    const paths = value.map((v) => String((v as Record<string, unknown> | null)?.[PATH_KEY] ?? '').trim()).filter(Boolean);
    return paths.length ? paths : undefined;
  }
  if (f.items && f.items !== 'category' && Array.isArray(value)) {
    const items = f.items;
    return value.map((v) => (v !== null && typeof v === 'object' ? fromFields(items, v as Record<string, unknown>) : v)).filter((v) => v !== undefined);
  }
  switch (f.kind) {
    case 'autoplay':
      return autoplayFrom(value);
    case 'number':
    case 'media':
    case 'form':
      if (value === '') return undefined;
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return value === true || value === 'true';
    default:
      return value;
  }
}

export function blockToItem(block: Block): PuckItem {
  const props: PuckItem['props'] = { id: block.id };
  const raw = block.props as Record<string, unknown>;
  for (const f of fieldsOf(block.type)) {
    const v = toField(f, raw[f.key]);
    if (v !== undefined) props[f.key] = v;
  }
  if (block.children) props[CHILDREN_KEY] = block.children;
  return { type: block.type, props };
}

export function blocksToPuck(blocks: readonly Block[]): PuckPageData {
  return { root: { props: {} }, content: blocks.map(blockToItem) };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** One Puck item as a block (props unvalidated; the server checks them). */
export function itemToBlock(item: PuckItem): Block {
  const type = item.type as BlockType;
  const props: Record<string, unknown> = {};
  for (const f of fieldsOf(type)) {
    const v = fromField(f, item.props[f.key]);
    if (v !== undefined) props[f.key] = v;
  }
  const children = item.props[CHILDREN_KEY] as Block[] | undefined;
  return { id: item.props.id, type, props, ...(children ? { children } : {}) } as Block;
}

/** Gives every block a valid id used once, keeping the ones that already are. */
function uniqueIds(blocks: Block[], used: Set<string>): Block[] {
  return blocks.map((b) => {
    let id = b.id;
    if (!ID.test(id) || used.has(id)) {
      for (let n = 1; used.has((id = `${b.type}-${n}`)); n++);
    }
    used.add(id);
    return { ...b, id, ...(b.children ? { children: uniqueIds(b.children, used) } : {}) } as Block;
  });
}

export function puckToBlocks(data: { content?: readonly PuckItem[] }): Block[] {
  return uniqueIds((data.content ?? []).map(itemToBlock), new Set());
}

/** What a block of `type` dropped from the palette starts with (containers with a first child). */
export function starterItemProps(type: BlockType): Record<string, unknown> {
  const block = { id: type, type, props: starterProps(type, type, null) } as Block;
  const kind = allowedChildren(type);
  if (kind.length) {
    const child = (t: BlockType, id: string, props: Record<string, unknown>, children?: Block[]) => ({ id, type: t, props, ...(children ? { children } : {}) }) as Block;
    const text = (id: string, html: string) => child('text', id, { html });
    if (type === 'tabs') block.children = [child('tab', 'tab-a', { title: 'Tab one', hash: 'tab-a' }, [text('tab-a-text', '<p>First tab</p>')]), child('tab', 'tab-b', { title: 'Tab two', hash: 'tab-b' }, [text('tab-b-text', '<p>Second tab</p>')])];
    else if (type === 'accordion') block.children = [child('accordion-item', 'item-a', { title: 'Question' }, [text('item-a-text', '<p>Answer</p>')])];
    else if (type === 'row') block.children = [child('column', 'col-a', {}, [text('col-a-text', '<p>Column one</p>')]), child('column', 'col-b', {}, [text('col-b-text', '<p>Column two</p>')])];
    else if (type === 'slider') block.children = [text('slide-a', '<p>Slide one</p>'), text('slide-b', '<p>Slide two</p>')];
    else block.children = [];
  }
  const { id: _id, ...props } = blockToItem(block).props;
  void _id;
  return props;
}

/** Validates one item's props as the live page would read them (defaults applied), or null. */
export function renderableBlock(item: { type: string; props: Record<string, unknown> }): Block | null {
  const block = itemToBlock({ type: item.type, props: { ...item.props, id: String(item.props.id ?? item.type) } });
  const parsed = parsePageBlocks([block]);
  return parsed.ok ? parsed.blocks[0]! : null;
}

/** The position of the top-level block holding block `id` (itself or a descendant), or -1. */
export function topLevelIndexOf(blocks: readonly Block[], id: string): number {
  return blocks.findIndex((b) => idsOf([b]).has(id));
}

export const BUILDER_TYPES = CONTENT_TYPES;
export { idsOf };
