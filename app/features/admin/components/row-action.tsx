import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';

/**
 * A list row's one-button form (delete, revoke, deliver again): posts `intent` with the row's
 * id under `field`, and the CSRF token, as a plain form so it works without scripts. `label`
 * is what the button says; `name` its accessible name, which says which row it acts on.
 */
export function RowAction(props: {
  intent: string;
  value: number | string;
  label: string;
  name: string;
  action?: string;
  field?: string;
  className?: string;
  formClassName?: string;
}) {
  const { intent, value, label, name, action, field = 'id', className = 'button button--small button--ghost', formClassName } = props;
  return (
    <Form method="post" action={action} className={formClassName}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <button type="submit" className={className} aria-label={name}>
        {label}
      </button>
    </Form>
  );
}
