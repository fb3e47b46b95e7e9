import { cloneElement, useEffect, useState } from 'react';
import { t } from '../../../i18n/t.ts';
import { LIMITS } from '../../../config/constants.ts';
import type { ActionError } from '../../../lib/action.ts';
import { useCsrfToken } from '../../../lib/use-csrf-token.ts';
import { described } from '../../../ui/form-kit.tsx';

/** The hidden CSRF field every state-changing form carries (empty on pages shared from the cache until scripts run). */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}

/** Errors listed at the top of a form, each linking to its field. */
export function FormErrors({ result, labels }: { result: ActionError | undefined; labels: Record<string, string> }) {
  if (!result) return null;
  const fields = Object.entries(result.error.fields ?? {}).filter(([k]) => k in labels);
  return (
    <div className="notice notice--error" role="alert" tabIndex={-1}>
      {fields.length === 0 ? (
        <p style={{ margin: 0 }}>{result.error.message}</p>
      ) : (
        <>
          <p style={{ margin: 0 }}>{t('form.errors')}</p>
          <ul>
            {fields.map(([k, msg]) => (
              <li key={k}>
                <a href={`#field-${k}`}>
                  {labels[k]}: {msg}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function fieldError(result: ActionError | undefined, name: string): string | undefined {
  return result?.error.fields?.[name];
}

interface FieldProps {
  name: string;
  /** The input's id when `field-<name>` is taken (two forms on one page). */
  id?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
  error?: string;
  minLength?: number;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric' | 'text';
}

/** A labelled input whose error is announced with it (aria-describedby). */
export function Field({ name, id: givenId, label, type = 'text', error, hint, ...rest }: FieldProps) {
  const id = givenId ?? `field-${name}`;
  const { describedBy, lines } = described(id, hint, error);
  const input = (
    <input id={id} name={name} type={type} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
  );
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      {type === 'password' ? <PasswordToggle>{input}</PasswordToggle> : input}
      {lines}
    </div>
  );
}

/** Show/hide toggle for a password input; the button appears once scripts run. */
function PasswordToggle({ children }: { children: React.ReactElement<{ type?: string }> }) {
  const [shown, setShown] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="password-field">
      {shown ? cloneElement(children, { type: 'text' }) : children}
      {hydrated ? (
        <button type="button" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? t('account.hidePassword') : t('account.showPassword')}
        </button>
      ) : null}
    </div>
  );
}

/** A field for choosing a password: the length rule shown as a hint, the browser told it is new. */
export function NewPasswordField({ label, error }: { label: string; error?: string }) {
  return (
    <Field
      name="password"
      type="password"
      label={label}
      autoComplete="new-password"
      required
      minLength={LIMITS.passwordMinLength}
      hint={t('account.passwordHint', { min: LIMITS.passwordMinLength })}
      error={error}
    />
  );
}
