import type { HomeLayout } from '../content/home-layout.schema.ts';
import type { Block } from './blocks.schema.ts';
import { blockProps } from './blocks.schema.ts';

/**
 * The store's home layout (features/content: hero, benefits, categories, products, promo
 * sections) as blocks: the home page of a shop that has no home block page yet.
 */
export function homeLayoutToBlocks(layout: HomeLayout): Block[] {
  return layout.map((s, i): Block => {
    const id = `home-${i}`;
    switch (s.type) {
      case 'hero':
        return { id, type: 'hero', props: blockProps.hero.parse({ ...s, type: undefined }) };
      case 'benefits':
        return { id, type: 'benefits', props: blockProps.benefits.parse({ items: s.items }) };
      case 'categories':
        return { id, type: 'category-tiles', props: blockProps['category-tiles'].parse({ title: s.title, paths: s.paths, limit: s.limit }) };
      case 'products':
        return {
          id,
          type: 'product-grid',
          props: blockProps['product-grid'].parse({ title: s.title, source: s.source, limit: s.limit, more: s.more, columns: { large: s.columns, medium: 3, small: 2 } }),
        };
      case 'promo':
        return { id, type: 'promo', props: blockProps.promo.parse({ ...s, type: undefined }) };
    }
  });
}
