import type { ReactNode } from 'react';
import { t } from '../../../i18n/t.ts';
import { imageSources, parseWidths, variantUrl } from '../../../lib/image.ts';
import type { BlockOf, BlockType } from '../blocks.schema.ts';
import { blockBehaviours } from './behaviours.ts';
import { useRender, type RenderContext } from './context.tsx';

/** A block type's renderer: the block, and the page's render context (context.tsx). */
export type Renderers = { [T in BlockType]: (p: { block: BlockOf<T>; ctx: RenderContext }) => ReactNode };
export type RendererMap<K extends BlockType> = { [T in K]: (p: { block: BlockOf<T>; ctx: RenderContext }) => ReactNode };

/** The attributes every block's root element carries (render/index.tsx, markup contract). */
export function rootAttrs(ctx: RenderContext, block: BlockOf<BlockType>, extra: string[] = []): Record<string, string | undefined> {
  const { data } = ctx;
  const names = [...blockBehaviours(block), ...extra];
  return {
    'data-block': block.type,
    'data-block-id': block.id,
    'data-behaviour': names.length ? names.join(' ') : undefined,
    ...(data.referenced.includes(block.id) ? { id: `block-${block.id}` } : {}),
  };
}

/** Human name of a block type for the edit links ("count-up" → "count up"). */
const typeName = (type: BlockType) => type.replaceAll('-', ' ');

/** The edit tooltip's links on a block, for users who may edit pages only (nothing otherwise). */
export function EditLinks({ block }: { block: { id: string; type: BlockType } }) {
  const { editor } = useRender();
  if (!editor) return null;
  const builder = `/admin/pages/${editor.pageId}/builder?block=${encodeURIComponent(block.id)}`;
  const backend = `/admin/pages/${editor.pageId}#block-${block.id}`;
  const title = t('pages.editTitle', { block: typeName(block.type) });
  return (
    <span className="block-edit" data-behaviour="edit-tooltip" data-link={builder} data-backend={backend} data-title={title}>
      <a href={builder} className="block-edit__link" aria-label={`${t('pages.editBuilder')}: ${typeName(block.type)} ${block.id}`}>
        {t('pages.editBuilder')}
      </a>
      <a href={backend} className="block-edit__link" aria-label={`${t('pages.editBackend')}: ${typeName(block.type)} ${block.id}`}>
        {t('pages.editBackend')}
      </a>
    </span>
  );
}

/** A picture from the media library: its sources at about `preferred` px wide, and its size. */
export function mediaOf(ctx: RenderContext, id: number | undefined, preferred = 800) {
  const { data } = ctx;
  const m = id ? data.media[id] : undefined;
  if (!m) return null;
  const sources = imageSources(m.path, m.widths, preferred);
  if (!sources) return null;
  const widths = parseWidths(m.widths);
  const largest = variantUrl(m.path, widths[widths.length - 1]!);
  return { ...sources, largest, width: m.width || 800, height: m.height || 600 };
}

/** Inline style with CSS custom properties (React's CSSProperties does not list them). */
export const vars = (v: Record<string, string | number>) => v as React.CSSProperties;
