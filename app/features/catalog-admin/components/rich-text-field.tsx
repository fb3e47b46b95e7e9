/**
 * A description field: HTML text (the server sanitises it on save, whatever sends it).
 */
export function RichTextField({ name, label, defaultValue, error, small }: { name: string; label: string; defaultValue: string; error?: string; small?: boolean }) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={small ? 4 : 10}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span className="error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
