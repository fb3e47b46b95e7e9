import { has, t } from '../../i18n/t-admin.ts';
import type { BlockType } from './blocks.schema.ts';
import type { PropField } from './prop-fields.ts';

/*
 * The plain names of block settings, their choices and units (app/i18n/locales/en/admin-builder.po), the same
 * in the visual builder and the backend editor. A setting is named by the most particular
 * key the catalogue has: `<type>.<path>`, then `<path>` (a group's `cta.label`), then its own key.
 */

const known = (key: string): string | undefined => (has(key) ? t(key) : undefined);

/** A setting's name, or undefined when the catalogue has none (a test keeps every one named). */
export function propLabelOrNone(type: BlockType, path: readonly string[]): string | undefined {
  const p = path.join('.');
  const last = path[path.length - 1]!;
  const parent = path.length > 1 ? `${path[path.length - 2]}.${last}` : null;
  return known(`admin.builder.prop.${type}.${p}`) ?? (parent ? known(`admin.builder.prop.${parent}`) : undefined) ?? known(`admin.builder.prop.${p}`) ?? known(`admin.builder.prop.${last}`);
}

export const propLabel = (type: BlockType, path: readonly string[]): string => propLabelOrNone(type, path) ?? path[path.length - 1]!;

export const optionLabelOrNone = (value: string): string | undefined => known(`admin.builder.option.${value}`);
export const optionLabel = (value: string): string => optionLabelOrNone(value) ?? value;

/** A field's name with its unit: "Height (pixels)". */
export function fieldLabel(type: BlockType, path: readonly string[], f: PropField): string {
  const label = propLabel(type, path);
  return f.unit ? t('admin.builder.withUnit', { label, unit: t(`admin.builder.unit.${f.unit}`) }) : label;
}

/** When a dependent setting applies, in words: "Applies when “Shows” is A video or A gallery." */
export function conditionText(type: BlockType, f: PropField): string | null {
  const c = f.when;
  if (!c) return null;
  const field = propLabel(type, [c.key]);
  if (c.in) return t('admin.builder.appliesWhen', { field, value: c.in.map(optionLabel).join(t('admin.builder.or')) });
  if (c.above !== undefined) return t('admin.builder.appliesWhenOn', { field, value: c.above });
  return t('admin.builder.appliesWhenSet', { field });
}
