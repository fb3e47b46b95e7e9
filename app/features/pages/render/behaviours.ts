import type { Block } from '../blocks.schema.ts';
import { walkBlocks } from '../walk.ts';

/**
 * The names written in `data-behaviour` (render/index.tsx describes the markup contract).
 * Client code for a behaviour is loaded only on pages whose markup uses it: the page's
 * loader data lists them (`behavioursOf`) and the page wrapper carries them in
 * `data-behaviours`.
 */
export const BEHAVIOURS = [
  'lazy-bg',
  'parallax',
  'sticky-section',
  'bg-video',
  'sticky-sidebar',
  'slider',
  'tabs',
  'accordion',
  'lightbox',
  'lightbox-open',
  'count-up',
  'animate',
  'scroll-to',
  'back-to-top',
  'scroll-for-more',
  'tooltip',
  'video',
  'edit-tooltip',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** The behaviours one block's own element(s) use. */
export function blockBehaviours(b: Block): Behaviour[] {
  switch (b.type) {
    case 'section': {
      const out: Behaviour[] = [];
      if (b.props.bgMediaId && b.props.lazyBg) out.push('lazy-bg');
      if (b.props.parallax > 0) out.push('parallax');
      if (b.props.sticky) out.push('sticky-section');
      if (b.props.bgVideo) out.push('bg-video');
      if (b.props.anchor && b.props.anchorTitle) out.push('scroll-to');
      return out;
    }
    case 'column':
      return b.props.sticky ? ['sticky-sidebar'] : [];
    case 'slider':
      return ['slider'];
    case 'tabs':
      return ['tabs'];
    case 'accordion':
      return ['accordion'];
    case 'lightbox':
      return ['lightbox'];
    case 'lightbox-button':
      return ['lightbox-open'];
    case 'image':
      return b.props.lightbox ? ['lightbox-open'] : [];
    case 'count-up':
      return ['count-up'];
    case 'animate':
      return ['animate'];
    case 'scroll-to':
      return ['scroll-to'];
    case 'back-to-top':
      return ['back-to-top'];
    case 'scroll-for-more':
      return ['scroll-for-more'];
    case 'tooltip':
      return ['tooltip'];
    case 'video':
      return ['video'];
    default:
      return [];
  }
}

/** Every behaviour a tree uses, in BEHAVIOURS order. */
export function behavioursOf(blocks: readonly Block[]): Behaviour[] {
  const used = new Set<Behaviour>();
  walkBlocks(blocks, (b) => {
    for (const name of blockBehaviours(b)) used.add(name);
  });
  return BEHAVIOURS.filter((n) => used.has(n));
}
