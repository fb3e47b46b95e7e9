import type { Block } from './blocks.schema.ts';

/* Kept apart from the schema so browser code that walks a tree does not load zod. */

/** Calls `fn` for every block of the tree, parents before children, with its parent. */
export function walkBlocks(blocks: readonly Block[], fn: (b: Block, parent: Block | null, depth: number) => void): void {
  const stack: { b: Block; parent: Block | null; depth: number }[] = blocks.map((b) => ({ b, parent: null, depth: 1 })).reverse();
  while (stack.length) {
    const { b, parent, depth } = stack.pop()!;
    fn(b, parent, depth);
    const kids = b.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ b: kids[i]!, parent: b, depth: depth + 1 });
  }
}
