/**
 * One form-tag as Contact Form 7 renders it: each field inside
 * `span.wpcf7-form-control-wrap[data-name]`, classes `wpcf7-form-control wpcf7-<type>`,
 * `aria-invalid`, and while invalid a tip with `aria-describedby` pointing at the field's
 * entry in the screen-reader list. Inputs are uncontrolled: the browser keeps what is typed
 * and a reset brings back the defaults (after a post without scripts: what was sent).
 */
import type { ReactNode } from 'react';
import type { FormTag, InvalidField } from '../definition.ts';
import { t } from '../../../i18n/t-forms.ts';
import { FREE_TEXT_PREFIX, controlId, defaultIndexes, maxLengthOf, type PostedValues, type QuizChallenge } from './form-state.ts';

export interface ControlContext {
  unitTag: string;
  invalid: Map<string, InvalidField>;
  values: PostedValues | null;
  quiz: Record<string, QuizChallenge>;
  /** Free-text inputs enabled per field; null before scripts run (all enabled). */
  freeText: Record<string, boolean> | null;
  /** Current length of counted fields. */
  counts: Record<string, number>;
  tags: FormTag[];
  submitDisabled: boolean;
  submitting: boolean;
  responseOutput: ReactNode;
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

const VALIDATES_AS: Partial<Record<FormTag['type'], string>> = {
  email: 'wpcf7-validates-as-email',
  url: 'wpcf7-validates-as-url',
  tel: 'wpcf7-validates-as-tel',
  number: 'wpcf7-validates-as-number',
  range: 'wpcf7-validates-as-number',
  date: 'wpcf7-validates-as-date',
};

function controlClass(tag: FormTag, bad: boolean, extra?: string): string {
  return classes(
    'wpcf7-form-control',
    `wpcf7-${tag.type}`,
    extra,
    tag.required && 'wpcf7-validates-as-required',
    VALIDATES_AS[tag.type],
    bad && 'wpcf7-not-valid',
    ...tag.options.class,
  );
}

/** What the field shows first: the posted value, else the template's default (not a placeholder). */
function textValue(tag: FormTag, values: PostedValues | null): string {
  const posted = values?.[tag.name];
  if (posted !== undefined) return Array.isArray(posted) ? (posted[0] ?? '') : posted;
  if (values) return '';
  if (tag.type === 'textarea' && tag.content) return tag.content;
  if (tag.options.placeholder) return '';
  return tag.values[0]?.value ?? '';
}

function chosen(tag: FormTag, values: PostedValues | null): Set<string> {
  if (values) {
    const posted = values[tag.name];
    return new Set(posted === undefined ? [] : Array.isArray(posted) ? posted : [posted]);
  }
  const idx = defaultIndexes(tag);
  return new Set(tag.values.filter((_, i) => idx.has(i)).map((c) => c.value));
}

function Tip({ field }: { field: InvalidField | undefined }) {
  return field ? (
    <span className="wpcf7-not-valid-tip" aria-hidden="true">
      {field.message}
    </span>
  ) : null;
}

function aria(tag: FormTag, field: InvalidField | undefined) {
  return {
    'aria-required': tag.required ? ('true' as const) : undefined,
    'aria-invalid': field ? ('true' as const) : ('false' as const),
    'aria-describedby': field?.error_id,
  };
}

function Wrap({ tag, field, children }: { tag: FormTag; field: InvalidField | undefined; children: ReactNode }) {
  return (
    <span className="wpcf7-form-control-wrap" data-name={tag.name}>
      {children}
      <Tip field={field} />
    </span>
  );
}

function ChoiceList({ tag, ctx, field }: { tag: FormTag; ctx: ControlContext; field: InvalidField | undefined }) {
  const o = tag.options;
  const radio = tag.type === 'radio';
  const multiple = !radio && !o.exclusive;
  const name = multiple ? `${tag.name}[]` : tag.name;
  const picked = chosen(tag, ctx.values);
  const id = controlId(ctx.unitTag, tag);
  const freeOn = ctx.freeText ? Boolean(ctx.freeText[tag.name]) : true;
  const freePosted = ctx.values?.[`${FREE_TEXT_PREFIX}${tag.name}`];
  return (
    <span
      className={controlClass(tag, Boolean(field), o.exclusive ? 'wpcf7-exclusive-checkbox' : undefined)}
      role={radio ? 'radiogroup' : 'group'}
      aria-labelledby={`${id}-legend`}
      aria-describedby={field?.error_id}
    >
      {tag.values.map((c, i) => {
        const last = i === tag.values.length - 1;
        const free = o.free_text && last;
        const labelId = `${id}-${i}-label`;
        const input = (
          <input
            type={radio ? 'radio' : 'checkbox'}
            name={name}
            value={c.value}
            id={i === 0 ? id : undefined}
            defaultChecked={picked.has(c.value)}
            aria-labelledby={o.use_label_element ? undefined : labelId}
            aria-invalid={field ? 'true' : 'false'}
            aria-describedby={field?.error_id}
          />
        );
        const label = (
          <span className="wpcf7-list-item-label" id={labelId}>
            {c.label}
          </span>
        );
        const pair = o.label_first ? (
          <>
            {label} {input}
          </>
        ) : (
          <>
            {input} {label}
          </>
        );
        return (
          <span key={i} className={classes('wpcf7-list-item', i === 0 && 'first', last && 'last', free && 'has-free-text')}>
            {o.use_label_element ? <label>{pair}</label> : pair}
            {free && (
              <input
                type="text"
                name={`${FREE_TEXT_PREFIX}${tag.name}`}
                className="wpcf7-free-text"
                aria-label={c.label}
                defaultValue={typeof freePosted === 'string' ? freePosted : ''}
                disabled={!freeOn}
              />
            )}
          </span>
        );
      })}
    </span>
  );
}

function SelectControl({ tag, ctx, field }: { tag: FormTag; ctx: ControlContext; field: InvalidField | undefined }) {
  const o = tag.options;
  const picked = [...chosen(tag, ctx.values)];
  const choices = o.first_as_label ? tag.values.slice(1) : tag.values;
  return (
    <select
      name={o.multiple ? `${tag.name}[]` : tag.name}
      id={controlId(ctx.unitTag, tag)}
      className={controlClass(tag, Boolean(field))}
      multiple={o.multiple || undefined}
      defaultValue={o.multiple ? picked : (picked[0] ?? '')}
      {...aria(tag, field)}
    >
      {o.include_blank && !o.multiple && <option value="">{t('forms.pleaseChoose')}</option>}
      {o.first_as_label && tag.values[0] && <option value="">{tag.values[0].label}</option>}
      {choices.map((c, i) => (
        <option key={i} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

const INPUT_TYPE: Partial<Record<FormTag['type'], string>> = { text: 'text', email: 'email', url: 'url', tel: 'tel', number: 'number', range: 'range', date: 'date' };

function Field({ tag, ctx, field }: { tag: FormTag; ctx: ControlContext; field: InvalidField | undefined }) {
  const o = tag.options;
  const id = controlId(ctx.unitTag, tag);
  const placeholder = o.placeholder ? tag.values[0]?.label : undefined;
  switch (tag.type) {
    case 'textarea':
      return (
        <textarea
          name={tag.name}
          id={id}
          cols={o.cols ?? 40}
          rows={o.rows ?? 10}
          maxLength={maxLengthOf(tag)}
          minLength={o.minlength}
          className={controlClass(tag, Boolean(field))}
          autoComplete={o.autocomplete}
          placeholder={placeholder}
          defaultValue={textValue(tag, ctx.values)}
          {...aria(tag, field)}
        />
      );
    case 'select':
      return <SelectControl tag={tag} ctx={ctx} field={field} />;
    case 'checkbox':
    case 'radio':
      return <ChoiceList tag={tag} ctx={ctx} field={field} />;
    case 'acceptance':
      return (
        <span className={controlClass(tag, Boolean(field), classes(o.optional && 'optional', o.invert && 'invert'))}>
          <span className="wpcf7-list-item">
            <label>
              <input type="checkbox" name={tag.name} value="1" id={id} defaultChecked={Boolean(ctx.values?.[tag.name])} {...aria(tag, field)} aria-required={undefined} />{' '}
              <span className="wpcf7-list-item-label">{tag.content ?? tag.values[0]?.label ?? ''}</span>
            </label>
          </span>
        </span>
      );
    case 'quiz': {
      const q = ctx.quiz[tag.name];
      return (
        <>
          <label>
            <span className="wpcf7-quiz-label">{q?.question ?? ''}</span>{' '}
            <input
              type="text"
              name={tag.name}
              id={id}
              size={o.size ?? 40}
              maxLength={maxLengthOf(tag) ?? 400}
              className={controlClass(tag, Boolean(field))}
              autoComplete="off"
              defaultValue=""
              {...aria({ ...tag, required: true }, field)}
            />
          </label>
          <input type="hidden" name={`_wpcf7_quiz_answer_${tag.name}`} value={q?.hash ?? ''} />
        </>
      );
    }
    case 'file':
      return (
        <input
          type="file"
          name={tag.name}
          id={id}
          size={o.size ?? 40}
          className={controlClass(tag, Boolean(field))}
          accept={o.filetypes.length ? o.filetypes.map((x) => (x.includes('/') ? x : `.${x}`)).join(',') : undefined}
          {...aria(tag, field)}
        />
      );
    default:
      return (
        <input
          type={INPUT_TYPE[tag.type] ?? 'text'}
          name={tag.name}
          id={id}
          size={tag.type === 'range' ? undefined : (o.size ?? 40)}
          maxLength={maxLengthOf(tag)}
          minLength={o.minlength}
          min={o.min}
          max={o.max}
          step={o.step}
          className={controlClass(tag, Boolean(field))}
          autoComplete={o.autocomplete}
          placeholder={placeholder}
          defaultValue={textValue(tag, ctx.values)}
          {...aria(tag, field)}
        />
      );
  }
}

function Counter({ tag, ctx }: { tag: FormTag; ctx: ControlContext }) {
  const target = ctx.tags.find((x) => x.name === tag.name && x.type !== 'count');
  const max = maxLengthOf(target);
  const min = target?.options.minlength;
  const length = ctx.counts[tag.name] ?? textValue(target ?? tag, ctx.values).length;
  const down = tag.options.down;
  const shown = down && max !== undefined ? max - length : length;
  return (
    <span
      className={classes(
        'wpcf7-form-control',
        'wpcf7-character-count',
        down ? 'down' : 'up',
        max !== undefined && length > max && 'too-long',
        min !== undefined && length < min && 'too-short',
        ...tag.options.class,
      )}
      id={tag.options.id}
      data-target-name={tag.name}
      data-starting-value={down ? max : 0}
      data-current-value={shown}
      data-maximum-value={max ?? ''}
      data-minimum-value={min ?? ''}
    >
      {shown}
    </span>
  );
}

/** Renders one tag of the template. */
export function FormControl({ tag, ctx, label }: { tag: FormTag; ctx: ControlContext; label?: string }) {
  switch (tag.type) {
    case 'hidden':
      return <input type="hidden" name={tag.name} className={controlClass(tag, false)} value={textValue(tag, null)} />;
    case 'count':
      return <Counter tag={tag} ctx={ctx} />;
    case 'response':
      return <>{ctx.responseOutput}</>;
    case 'submit':
      return (
        <>
          <input
            type="submit"
            className={classes('wpcf7-form-control', 'wpcf7-submit', 'has-spinner', ...tag.options.class)}
            id={tag.options.id}
            value={tag.values[0]?.label ?? 'Send'}
            disabled={ctx.submitDisabled}
          />
          {ctx.submitting && <span className="wpcf7-spinner" role="img" aria-label={t('forms.sending')} />}
        </>
      );
    default: {
      const field = ctx.invalid.get(tag.name);
      const choice = tag.type === 'checkbox' || tag.type === 'radio';
      return (
        <Wrap tag={tag} field={field}>
          {choice && (
            <span className="screen-reader-text" id={`${controlId(ctx.unitTag, tag)}-legend`}>
              {label || groupLabel(tag)}
            </span>
          )}
          <Field tag={tag} ctx={ctx} field={field} />
        </Wrap>
      );
    }
  }
}

/** A name for a choice group read by screen readers (the template's visible label is outside). */
function groupLabel(tag: FormTag): string {
  return tag.name.replace(/[-_]+/g, ' ');
}
