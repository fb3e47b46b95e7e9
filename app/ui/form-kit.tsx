import type { ReactNode } from 'react';

/*
 * The back office's form rows: one markup for a yes/no box, a choice and a text area, so every
 * settings editor (tax, shipping, payments, stock, coupons, the store settings) labels, hints
 * and announces errors the same way. A text input is `Field` (account/components/form-parts,
 * built on `described` too), which the storefront's forms share.
 */

/** The hint and error lines under a control, and the `aria-describedby` that points at them. */
export function described(id: string, hint: ReactNode | undefined, error: string | undefined) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const lines = (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
  return { describedBy, lines };
}

interface CheckProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  id?: string;
  hint?: ReactNode;
}

/** A yes/no setting. The hidden "0" goes first, so an unticked box still says "no". */
export function CheckField({ name, label, checked, id, hint }: CheckProps) {
  const { describedBy, lines } = described(id ?? `field-${name}`, hint, undefined);
  return (
    <div className="form-row form-row--check">
      <input type="hidden" name={name} value="0" />
      <label>
        <input type="checkbox" id={id} name={name} value="1" defaultChecked={checked} aria-describedby={describedBy} /> {label}
      </label>
      {lines}
    </div>
  );
}

interface SelectProps {
  name: string;
  label: ReactNode;
  value: string;
  /** [value, shown text] pairs, in order. */
  options: readonly (readonly [string, string])[];
  id?: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled choice of a few fixed values. */
export function SelectField({ name, label, value, options, id: givenId, hint, error }: SelectProps) {
  const id = givenId ?? `field-${name}`;
  const { describedBy, lines } = described(id, hint, error);
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {lines}
    </div>
  );
}

interface TextAreaProps {
  name: string;
  label: ReactNode;
  defaultValue: string;
  rows?: number;
  id?: string;
  hint?: ReactNode;
  error?: string;
  maxLength?: number;
}

/** A labelled text of several lines (lists typed one a line, descriptions). */
export function TextAreaField({ name, label, defaultValue, rows = 3, id: givenId, hint, error, maxLength }: TextAreaProps) {
  const id = givenId ?? `field-${name}`;
  const { describedBy, lines } = described(id, hint, error);
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} rows={rows} defaultValue={defaultValue} maxLength={maxLength} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {lines}
    </div>
  );
}
