import { FieldLabel, type ComponentConfig, type Config, type Field } from '@measured/puck';
import type { ReactElement, ReactNode } from 'react';
import type { BlockType } from '../blocks.schema.ts';
import { applies, type PropField } from '../prop-fields.ts';
import { fieldLabel, optionLabel } from '../prop-labels.ts';
import { RenderProvider, type RenderContext } from '../render/context.tsx';
import { RenderBlock } from '../render/index.tsx';
import { FormsProvider } from '../../forms/components/embed.tsx';
import { MediaIdField } from '../../media/components/media-field.tsx';
import { t } from '../../../i18n/t-admin.ts';
import { BUILDER_TYPES, fieldsOf, PATH_KEY, renderableBlock, starterItemProps } from './puck-data.ts';
import { ColourField, FormChoiceField, LookupField } from './setting-fields.tsx';
import { ListField } from './list-field.tsx';

/*
 * The visual builder's Puck config, generated from the block schema: one component per
 * block type that may stand on a page, its side-panel fields from the props' kinds
 * (prop-fields.ts) with their plain names (prop-labels.ts), those that depend on another
 * setting shown only while they apply, its preview drawn by the live page's own renderers.
 */

/** The block types the palette shows first. */
export const MAIN_TYPES: BlockType[] = ['section', 'row', 'heading', 'text', 'image', 'button', 'slider', 'tabs', 'accordion', 'count-up', 'spacer'];

/** A choice's options with their plain names. */
const optionsOf = (f: PropField) => f.options!.map((o) => ({ label: optionLabel(o), value: o }));

const step = (f: PropField) => (f.kind === 'autoplay' ? 0.5 : f.int ? 1 : (f.min ?? 1) < 0.01 ? 0.005 : 0.01);

/** A prop's side-panel field: groups of fields, lists with add, remove and reorder, pickers for pictures, links, categories, colours and forms. */
function fieldOf(type: BlockType, path: string[], f: PropField): Field {
  const label = fieldLabel(type, path, f);
  const custom = (render: (p: { id: string; value: unknown; onChange: (v: unknown) => void }) => ReactElement) => ({ type: 'custom', label, render }) as Field;
  if (f.fields) return { type: 'object', label, objectFields: fieldsFor(type, path, f.fields) };
  if (f.items) {
    const items: PropField[] = f.items === 'category' ? [{ key: PATH_KEY, kind: 'category', required: true }] : f.items;
    const first = items.find((i) => i.kind === 'text' || i.kind === 'category')?.key;
    const arrayFields = fieldsFor(type, path, items);
    const summary = (item: Record<string, unknown>, i: number) => {
      const text = first ? item[first] : undefined;
      return `${t('admin.builder.item', { n: i + 1 })}${typeof text === 'string' && text ? `: ${text}` : ''}`;
    };
    return {
      type: 'custom',
      label,
      arrayFields,
      render: ({ id, value, onChange }: { id: string; value: unknown; onChange: (v: unknown) => void }) => (
        <ListField id={id} label={label} value={value as Record<string, unknown>[] | undefined} onChange={onChange} itemFields={arrayFields} max={f.maxItems} summary={summary} />
      ),
    } as Field;
  }
  switch (f.kind) {
    case 'boolean':
      return { type: 'radio', label, options: [{ label: t('admin.builder.yes'), value: true }, { label: t('admin.builder.no'), value: false }] };
    case 'enum':
      return { type: 'select', label, options: optionsOf(f) };
    case 'number':
    case 'autoplay':
      return { type: 'number', label, min: f.min, max: f.max, step: step(f) };
    case 'media':
      // A picture from the media library, chosen in its picker (or uploaded there).
      return custom(({ id, value, onChange }) => (
        <FieldLabel label={label} el="div">
          <MediaIdField id={id} value={typeof value === 'number' ? value : undefined} onChange={onChange} optional={!f.required} />
        </FieldLabel>
      ));
    case 'link':
    case 'category':
      return custom(({ id, value, onChange }) => <LookupField id={id} label={label} value={typeof value === 'string' ? value : undefined} onChange={onChange} kind={f.kind === 'link' ? 'link' : 'category'} />);
    case 'colour':
      return custom(({ id, value, onChange }) => <ColourField id={id} label={label} value={typeof value === 'string' ? value : undefined} onChange={onChange} />);
    case 'form':
      return custom(({ id, value, onChange }) => <FormChoiceField id={id} label={label} value={typeof value === 'number' ? value : undefined} onChange={onChange} />);
    case 'html':
      return { type: 'textarea', label };
    default:
      return { type: 'text', label };
  }
}

function fieldsFor(type: BlockType, path: string[], fields: PropField[]): Record<string, Field> {
  return Object.fromEntries(fields.map((f) => [f.key, fieldOf(type, [...path, f.key], f)]));
}

/** A block type's side-panel fields (all of them, those that apply only sometimes too). */
export const fieldFor = (type: BlockType) => fieldsFor(type, [], fieldsOf(type));

/** The fields that apply to a block's props as they are now: a grid's category only when its products come from one. */
export function fieldsApplying(type: BlockType, props: Record<string, unknown>): Record<string, Field> {
  const all = fieldFor(type);
  return Object.fromEntries(fieldsOf(type).filter((f) => applies(f, props)).map((f) => [f.key, all[f.key]!]));
}

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
      resolveFields: (data: { props: Record<string, unknown> }) => fieldsApplying(type, data.props),
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
      // The page's own settings (title, address, visibility) are on its page in the backend editor: none here, so Puck's default title field is not offered.
      fields: {},
      render: ({ children }: { children?: ReactNode }) => <BlockCanvas ctx={ctx}>{children}</BlockCanvas>,
    },
  } as Config;
}
