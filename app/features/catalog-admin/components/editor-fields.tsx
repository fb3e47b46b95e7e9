import type { ReactNode } from 'react';
import type { editorOptions } from '../product-editor.server.ts';
import type { EditorValues } from '../product-form.ts';

/*
 * The product editor's field helpers: a labelled input, select or checkbox for one of the
 * product's values, its error beside it and tied to it (aria-invalid, aria-describedby), ids
 * `field-<name>` so the error summary's links land on the field.
 */

/** The choices of the stock status and backorders selects, in the order shown. */
export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
export const BACKORDERS = ['no', 'notify', 'yes'] as const;

/** The loader's choices: categories, tax and shipping classes, global attributes. */
export type EditorOptions = Awaited<ReturnType<typeof editorOptions>>;

type Name = keyof EditorValues & string;

/** The field helpers for one rendering of the form. */
export function editorFields(values: EditorValues, errors: Record<string, string>) {
  const fieldProps = (name: string) => ({
    id: `field-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `field-${name}-error` : undefined,
  });
  const err = (name: string): ReactNode =>
    errors[name] ? (
      <span className="error" id={`field-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const text = (name: Name, lbl: string, extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`field-${name}`}>{lbl}</label>
      <input {...fieldProps(name)} defaultValue={String(values[name] ?? '')} {...extra} />
      {err(name)}
    </div>
  );
  const select = (name: Name, lbl: string, choices: [string, string][], onChange?: (v: string) => void) => (
    <div className="field">
      <label htmlFor={`field-${name}`}>{lbl}</label>
      <select {...fieldProps(name)} defaultValue={String(values[name] ?? '')} onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      {err(name)}
    </div>
  );
  const check = (name: Name, lbl: string) => (
    <div className="check">
      <input type="checkbox" id={`field-${name}`} name={name} defaultChecked={!!values[name]} />
      <label htmlFor={`field-${name}`}>{lbl}</label>
    </div>
  );
  return { fieldProps, err, text, select, check };
}

export type EditorFields = ReturnType<typeof editorFields>;

/** What every section is handed: the helpers, the form's values and errors, the loader's choices and the shop's currency. */
export interface SectionProps {
  fields: EditorFields;
  values: EditorValues;
  errors: Record<string, string>;
  options: EditorOptions;
  currency: string;
}
