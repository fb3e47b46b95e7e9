import type { ReactNode } from 'react';
import { t } from '../../../i18n/t-admin.ts';
import type { BlockType } from '../blocks.schema.ts';
import type { LinkTarget } from '../link-targets.ts';
import { applies, type PropField } from '../prop-fields.ts';
import { formName, inputValue } from '../prop-form.ts';
import { conditionText, fieldLabel, optionLabel, propLabel } from '../prop-labels.ts';

/*
 * The backend editor's inputs for one block's settings (prop-form.ts reads them back):
 * plain labelled form controls that work without scripts — choices as selects with plain
 * names, pictures, categories and forms chosen from lists, links typed with the shop's pages,
 * products and categories suggested, colours picked, groups as fieldsets and lists as one
 * fieldset an item (with its position and a remove box, and a blank item to add one).
 */

export interface PropChoices {
  media: { id: number; alt: string; title: string; path: string }[];
  categories: { name: string; path: string }[];
  forms: { id: number; title: string }[];
  links: LinkTarget[];
}

const MATCH = { page: 'admin.builder.match.page', product: 'admin.builder.match.product', category: 'admin.builder.match.category', form: 'admin.builder.prop.formId' } as const;

/** The id of the page's one list of link suggestions. */
export const LINKS_LIST = 'page-link-targets';

export function LinkSuggestions({ links }: { links: LinkTarget[] }) {
  return (
    <datalist id={LINKS_LIST}>
      {links.map((l) => (
        <option key={`${l.kind}-${l.value}`} value={l.value}>
          {`${t(MATCH[l.kind])}: ${l.label}`}
        </option>
      ))}
    </datalist>
  );
}

interface Ctx {
  type: BlockType;
  block: string;
  choices: PropChoices;
}

const idOf = (ctx: Ctx, path: readonly (string | number)[]) => `f-${ctx.block}-${path.join('-')}`;
const isHex = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);

function Scalar({ ctx, f, path, value, hint, need }: { ctx: Ctx; f: PropField; path: (string | number)[]; value: unknown; hint?: string; need: boolean }) {
  // Required only where its group must be filled in (not in an optional link left blank, nor in the item to add).
  const required = f.required && need;
  const id = idOf(ctx, path);
  const name = formName(path);
  const label = fieldLabel(ctx.type, path.filter((p): p is string => typeof p === 'string'), f);
  const text = inputValue(f, value);
  const hintId = hint ? `${id}-hint` : undefined;
  const hintEl = hint ? (
    <small id={hintId} className="page-field__hint">
      {hint}
    </small>
  ) : null;
  if (f.kind === 'boolean') {
    return (
      <p className="page-field page-field--check">
        <input type="checkbox" id={id} name={name} defaultChecked={value === true} aria-describedby={hintId} />
        <label htmlFor={id}>{label}</label>
        {hintEl}
      </p>
    );
  }
  const common = { id, name, 'aria-describedby': hintId };
  let input: ReactNode;
  switch (f.kind) {
    case 'enum':
      input = (
        <select {...common} defaultValue={text}>
          {need ? null : <option value="">{t('admin.builder.noChoice')}</option>}
          {f.options!.map((o) => (
            <option key={o} value={o}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      );
      break;
    case 'media':
      input = (
        <select {...common} defaultValue={text} required={required}>
          {required ? null : <option value="">{t('admin.pages.noMedia')}</option>}
          {ctx.choices.media.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}: {m.alt || m.title || m.path}
            </option>
          ))}
        </select>
      );
      break;
    case 'category':
      input = (
        <select {...common} defaultValue={text} required={required}>
          <option value="">{t('admin.builder.noChoice')}</option>
          {ctx.choices.categories.map((c) => (
            <option key={c.path} value={c.path}>
              {c.name} ({c.path})
            </option>
          ))}
          {text && !ctx.choices.categories.some((c) => c.path === text) ? <option value={text}>{text}</option> : null}
        </select>
      );
      break;
    case 'form':
      input = (
        <select {...common} defaultValue={text} required={required}>
          <option value="">{t('admin.builder.noChoice')}</option>
          {ctx.choices.forms.map((x) => (
            <option key={x.id} value={x.id}>
              {x.title}
            </option>
          ))}
        </select>
      );
      break;
    case 'colour':
      // A colour typed some other way than #rrggbb (a name, rgb()) stays a text to edit.
      if (value !== undefined && !isHex(value)) {
        input = <input {...common} defaultValue={text} />;
        break;
      }
      return (
        <p className="page-field">
          <label htmlFor={id}>{label}</label>
          <span className="page-field__colour">
            <input {...common} type="color" defaultValue={isHex(value) ? value : '#ffffff'} />
            {required ? null : (
              <span className="page-field--check">
                <input type="checkbox" id={`${id}-none`} name={`${name}.none`} defaultChecked={value === undefined} />
                <label htmlFor={`${id}-none`}>{t('admin.builder.noChoice')}</label>
              </span>
            )}
          </span>
          {hintEl}
        </p>
      );
    case 'html':
      input = <textarea {...common} defaultValue={text} rows={6} required={required} />;
      break;
    case 'number':
    case 'autoplay':
      input = <input {...common} type="number" defaultValue={text} min={f.min} max={f.max} step={f.kind === 'autoplay' ? 0.5 : f.int ? 1 : 'any'} required={required} />;
      break;
    case 'link':
      input = <input {...common} defaultValue={text} list={LINKS_LIST} required={required} />;
      break;
    default:
      input = <input {...common} defaultValue={text} required={required} />;
  }
  return (
    <p className="page-field">
      <label htmlFor={id}>{label}</label>
      {input}
      {hintEl}
    </p>
  );
}

function Group({ ctx, fields, path, value, need }: { ctx: Ctx; fields: PropField[]; path: (string | number)[]; value: Record<string, unknown> | undefined; need: boolean }) {
  return (
    <>
      {fields.map((f) => (
        <PropInput key={f.key} ctx={ctx} f={f} path={[...path, f.key]} value={value?.[f.key]} need={need} />
      ))}
    </>
  );
}

function List({ ctx, f, path, value }: { ctx: Ctx; f: PropField; path: (string | number)[]; value: unknown[] }) {
  const rows = value.length < (f.maxItems ?? 50) ? [...value, undefined] : value;
  return (
    <>
      {rows.map((item, i) => {
        const at = [...path, i];
        const added = item === undefined;
        return (
          <fieldset key={i} className="page-fieldset page-fieldset--item">
            <legend>{added ? t('admin.builder.addItem') : t('admin.builder.item', { n: i + 1 })}</legend>
            {f.items === 'category' ? (
              <Scalar ctx={ctx} f={{ key: 'path', kind: 'category', required: false }} path={at} value={item} need={false} />
            ) : (
              <Group ctx={ctx} fields={f.items as PropField[]} path={at} value={item as Record<string, unknown> | undefined} need={!added} />
            )}
            {added ? null : (
              <p className="page-field page-field--inline">
                <label htmlFor={`${idOf(ctx, at)}-at`}>{t('admin.builder.itemPosition', { n: i + 1 })}</label>
                <input type="number" id={`${idOf(ctx, at)}-at`} name={`${formName(at)}._at`} defaultValue={i + 1} min={1} max={rows.length} step={1} />
                <input type="checkbox" id={`${idOf(ctx, at)}-remove`} name={`${formName(at)}._remove`} />
                <label htmlFor={`${idOf(ctx, at)}-remove`}>{t('admin.builder.removeItem', { n: i + 1 })}</label>
              </p>
            )}
          </fieldset>
        );
      })}
    </>
  );
}

function PropInput({ ctx, f, path, value, hint, need }: { ctx: Ctx; f: PropField; path: (string | number)[]; value: unknown; hint?: string; need: boolean }) {
  if (!f.fields && !f.items) return <Scalar ctx={ctx} f={f} path={path} value={value} hint={hint} need={need} />;
  const names = path.filter((p): p is string => typeof p === 'string');
  return (
    <fieldset className="page-fieldset" aria-describedby={hint ? `${idOf(ctx, path)}-hint` : undefined}>
      <legend>{propLabel(ctx.type, names)}</legend>
      {hint ? (
        <small id={`${idOf(ctx, path)}-hint`} className="page-field__hint">
          {hint}
        </small>
      ) : null}
      {f.fields ? (
        <Group ctx={ctx} fields={f.fields} path={path} value={value as Record<string, unknown> | undefined} need={need && f.required} />
      ) : (
        <List ctx={ctx} f={f} path={path} value={Array.isArray(value) ? value : []} />
      )}
    </fieldset>
  );
}

/**
 * A block's settings. Those that depend on another say when they apply; while they do not,
 * they are drawn closed away in a disclosure so the form stays short.
 */
export function PropInputs({ type, block, fields, props, choices }: { type: BlockType; block: string; fields: PropField[]; props: Record<string, unknown>; choices: PropChoices }) {
  const ctx: Ctx = { type, block, choices };
  return (
    <>
      {fields.map((f) => {
        const hint = conditionText(type, f) ?? undefined;
        const input = <PropInput key={f.key} ctx={ctx} f={f} path={[f.key]} value={props[f.key]} hint={hint} need />;
        return applies(f, props) ? (
          input
        ) : (
          <details key={f.key} className="page-field__later">
            <summary>{propLabel(type, [f.key])}</summary>
            {input}
          </details>
        );
      })}
    </>
  );
}
