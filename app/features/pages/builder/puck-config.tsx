import { FieldLabel, type ComponentConfig, type Config, type Field } from '@measured/puck';
import type { ReactNode } from 'react';
import type { BlockType } from '../blocks.schema.ts';
import type { PropField } from '../prop-fields.ts';
import { RenderProvider, type RenderContext } from '../render/context.tsx';
import { RenderBlock } from '../render/index.tsx';
import { FormsProvider } from '../../forms/components/embed.tsx';
import { MediaIdField } from '../../media/components/media-field.tsx';
import { t } from '../../../i18n/t-admin.ts';
import { BUILDER_TYPES, fieldsOf, renderableBlock, starterItemProps } from './puck-data.ts';

/*
 * The visual builder's Puck config, generated from the block schema: one component per
 * block type that may stand on a page, its side-panel fields from the props' kinds
 * (prop-fields.ts), its preview drawn by the live page's own renderers.
 */

/** The block types the palette shows first. */
export const MAIN_TYPES: BlockType[] = ['section', 'row', 'heading', 'text', 'image', 'button', 'slider', 'tabs', 'accordion', 'count-up', 'spacer'];

const caption = (key: string) => key.replace(/([A-Z])/g, ' $1').toLowerCase();

/** A prop's side-panel field: links and columns as groups of fields, lists with add and remove, paths one a line. */
function fieldOf(f: PropField): Field {
  const label = caption(f.key);
  if (f.fields) return { type: 'object', label, objectFields: fieldsFor(f.fields) };
  if (f.items === 'text') return { type: 'textarea', label: t('admin.builder.oneALine', { label }) };
  if (f.items) {
    const first = f.items.find((i) => i.kind === 'text')?.key;
    return {
      type: 'array',
      label,
      arrayFields: fieldsFor(f.items),
      getItemSummary: (item: Record<string, unknown>, i?: number) => (first && typeof item[first] === 'string' && item[first]) || `${label} ${(i ?? 0) + 1}`,
    } as Field;
  }
  switch (f.kind) {
    case 'boolean':
      return { type: 'radio', label, options: [{ label: t('admin.builder.yes'), value: true }, { label: t('admin.builder.no'), value: false }] };
    case 'enum':
      return { type: 'select', label, options: f.options!.map((o) => ({ label: o, value: o })) };
    case 'number':
      return { type: 'number', label };
    case 'media':
      // A picture from the media library, chosen in its picker (or uploaded there).
      return {
        type: 'custom',
        label,
        render: ({ id, value, onChange }) => (
          <FieldLabel label={label} el="div">
            <MediaIdField id={id} value={typeof value === 'number' ? value : undefined} onChange={onChange} optional={!f.required} />
          </FieldLabel>
        ),
      } as Field;
    case 'html':
      return { type: 'textarea', label };
    case 'json':
      return { type: 'textarea', label: `${label} (JSON)` };
    default:
      return { type: 'text', label };
  }
}

function fieldsFor(fields: PropField[]): Record<string, Field> {
  return Object.fromEntries(fields.map((f) => [f.key, fieldOf(f)]));
}

/** A block type's side-panel fields. */
export const fieldFor = (type: BlockType) => fieldsFor(fieldsOf(type));

/** Blocks drawn as on the live page, with what they show (the canvas, a revision's preview). */
export function BlockCanvas({ ctx, children }: { ctx: RenderContext; children?: ReactNode }) {
  return (
    <RenderProvider value={{ ...ctx, editor: null }}>
      <FormsProvider forms={ctx.forms}>
        <div className="block-page">{children}</div>
      </FormsProvider>
    </RenderProvider>
  );
}

function Preview({ type, props }: { type: BlockType; props: Record<string, unknown> }): ReactNode {
  const block = renderableBlock({ type, props });
  if (!block) return <p className="builder-invalid">{t('admin.builder.invalid', { type })}</p>;
  return <RenderBlock block={block} />;
}

export function builderConfig(ctx: RenderContext): Config {
  const components: Record<string, ComponentConfig> = {};
  for (const type of BUILDER_TYPES) {
    components[type] = {
      label: type.replaceAll('-', ' '),
      fields: fieldFor(type),
      defaultProps: starterItemProps(type),
      render: ({ puck: _puck, ...props }: Record<string, unknown>) => <Preview type={type} props={props} />,
    };
  }
  return {
    components,
    categories: {
      main: { title: t('admin.builder.main'), components: MAIN_TYPES },
      more: { title: t('admin.builder.more'), components: BUILDER_TYPES.filter((x) => !MAIN_TYPES.includes(x)), defaultExpanded: false },
    },
    root: {
      render: ({ children }: { children?: ReactNode }) => <BlockCanvas ctx={ctx}>{children}</BlockCanvas>,
    },
  } as Config;
}
