import { allowedChildren, blockProps, type Block, type BlockType } from './blocks.schema.ts';

/*
 * Changes to a page's tree, as the backend editor (and the visual builder) make them. Pure:
 * each returns a new tree; the result is validated again when saved.
 */

/** The block with this id and its parent (null at the top), or null. */
export function findBlock(blocks: readonly Block[], id: string, parent: Block | null = null): { block: Block; parent: Block | null; index: number } | null {
  for (const [index, b] of blocks.entries()) {
    if (b.id === id) return { block: b, parent, index };
    const inside = b.children ? findBlock(b.children, id, b) : null;
    if (inside) return inside;
  }
  return null;
}

function mapTree(blocks: readonly Block[], fn: (list: Block[], parentId: string | null) => Block[], parentId: string | null = null): Block[] {
  const list = fn(
    blocks.map((b) => (b.children ? ({ ...b, children: mapTree(b.children, fn, b.id) } as Block) : b)),
    parentId,
  );
  return list;
}

export function removeBlock(blocks: readonly Block[], id: string): Block[] {
  return mapTree(blocks, (list) => list.filter((b) => b.id !== id));
}

/** Moves a block one place up (-1) or down (+1) among its siblings. */
export function moveBlock(blocks: readonly Block[], id: string, dir: -1 | 1): Block[] {
  return mapTree(blocks, (list) => {
    const i = list.findIndex((b) => b.id === id);
    const j = i + dir;
    if (i < 0 || j < 0 || j >= list.length) return list;
    const out = [...list];
    [out[i], out[j]] = [out[j]!, out[i]!];
    return out;
  });
}

export function replaceProps(blocks: readonly Block[], id: string, props: Record<string, unknown>): Block[] {
  return mapTree(blocks, (list) => list.map((b) => (b.id === id ? ({ ...b, props } as Block) : b)));
}

/** Adds a block at the end of `parentId`'s children (null: the end of the page). */
export function addBlock(blocks: readonly Block[], parentId: string | null, block: Block): Block[] {
  if (parentId === null) return [...blocks, block];
  return mapTree(blocks, (list) => list.map((b) => (b.id === parentId ? ({ ...b, children: [...(b.children ?? []), block] } as Block) : b)));
}

/** Every id in use (new blocks get a fresh one). */
export function idsOf(blocks: readonly Block[], out = new Set<string>()): Set<string> {
  for (const b of blocks) {
    out.add(b.id);
    if (b.children) idsOf(b.children, out);
    const p = b.props as Record<string, unknown>;
    for (const k of ['anchor', 'hash']) if (typeof p[k] === 'string') out.add(p[k] as string);
  }
  return out;
}

export function freshId(blocks: readonly Block[], type: BlockType): string {
  const used = idsOf(blocks);
  for (let n = 1; ; n++) {
    const id = `${type}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** Props a new block of each type starts with (the required ones filled in), before defaults. */
export function starterProps(type: BlockType, id: string, mediaId: number | null): Record<string, unknown> {
  const picture = { mediaId: mediaId ?? 0, alt: 'Describe the picture' };
  const starters: Partial<Record<BlockType, Record<string, unknown>>> = {
    heading: { text: 'New heading' },
    text: { html: '<p>New text</p>' },
    image: picture,
    button: { label: 'Button', href: '/shop' },
    'lightbox-button': { label: 'Open', target: 'lightbox-1' },
    lightbox: { anchor: id, kind: 'inline', title: 'Lightbox' },
    slider: { label: 'Slider' },
    tab: { title: 'Tab', hash: id },
    'accordion-item': { title: 'Question' },
    'count-up': { value: 100 },
    'scroll-to': { anchor: id, title: 'Section' },
    video: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'Video' },
    'contact-form': { formId: 1 },
    embed: { url: 'https://www.openstreetmap.org/export/embed.html?bbox=-0.2,51.4,0,51.6', title: 'Map' },
    tooltip: { text: 'Text', tip: 'More about it' },
    'scroll-for-more': { target: 'top-anchor' },
    hero: { title: 'Hero', cta: { label: 'Shop now', href: '/shop' } },
    promo: { title: 'Promotion', cta: { label: 'Shop now', href: '/shop' } },
    benefits: { items: [{ icon: 'truck', title: 'Fast delivery' }] },
  };
  const raw = starters[type] ?? {};
  const parsed = (blockProps[type] as unknown as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(raw);
  return (parsed.success ? parsed.data : raw) as Record<string, unknown>;
}

export function newBlock(blocks: readonly Block[], type: BlockType, parentType: BlockType | null, mediaId: number | null): Block | null {
  if (!allowedChildren(parentType).includes(type)) return null;
  const id = freshId(blocks, type);
  return { id, type, props: starterProps(type, id, mediaId), ...(allowedChildren(type).length ? { children: [] } : {}) } as Block;
}
