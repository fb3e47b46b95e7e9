import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import type { Address, Country } from '../../address/address.ts';
import { AddressFields } from '../../checkout/components/address-fields.tsx';
import { useOrderDate } from '../../checkout/components/order-view.tsx';
import type { CustomerNote } from '../customer-notes.server.ts';
import { NOTE_MAX } from '../customers.schema.ts';
import { t } from '../../../i18n/t-admin.ts';

/*
 * The editable parts of a customer's back-office page, plain forms with their CSRF token:
 * the account's details and saved addresses (the checkout's country-aware address fields,
 * with the version the page was opened at), and the private notes.
 */

interface EditProps {
  values: { name: string; email: string; version: string };
  billing: Partial<Address>;
  shipping: Partial<Address>;
  states: { billing: Country[]; shipping: Country[] };
  errors?: Record<string, string>;
}

export function CustomerEditForm({ values, billing, shipping, states, errors = {} }: EditProps) {
  const field = (name: 'name' | 'email', label: string, type: string, autoComplete: string) => (
    <div className="admin-list__field">
      <label htmlFor={`customer-${name}`}>{label}</label>
      <input
        id={`customer-${name}`}
        name={name}
        type={type}
        defaultValue={values[name]}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `customer-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p className="field-error" id={`customer-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <section aria-labelledby="customer-edit" className="customer-card customer-page__wide">
      <h2 id="customer-edit">{t('admin.customers.editHeading')}</h2>
      <Form method="post" noValidate className="customer-edit">
        <CsrfField />
        <input type="hidden" name="version" value={values.version} />
        {field('name', t('admin.customers.name'), 'text', 'off')}
        {field('email', t('admin.customers.email'), 'email', 'off')}
        <p className="hint">{t('admin.customers.editHint')}</p>
        <div className="customer-addresses">
          <fieldset>
            <legend>{t('admin.customers.billing')}</legend>
            <AddressFields kind="billing" values={billing} states={states.billing} errors={errors} withContact />
          </fieldset>
          <fieldset>
            <legend>{t('admin.customers.shipping')}</legend>
            <AddressFields kind="shipping" values={shipping} states={states.shipping} errors={errors} />
          </fieldset>
        </div>
        <button type="submit" name="intent" value="details" className="button">
          {t('admin.customers.save')}
        </button>
      </Form>
    </section>
  );
}

export function CustomerNotes({ notes, error }: { notes: CustomerNote[]; error?: string }) {
  const orderDate = useOrderDate();
  return (
    <section aria-labelledby="customer-notes" className="customer-card customer-page__wide">
      <h2 id="customer-notes">{t('admin.customers.notesHeading')}</h2>
      <p className="hint">{t('admin.customers.notesHint')}</p>
      {notes.length ? (
        <ol className="customer-notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p className="customer-notes__body">{n.body}</p>
              <p className="hint">
                {n.authorName} · <time dateTime={n.createdAt}>{orderDate(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('admin.customers.noNotes')}</p>
      )}
      <Form method="post" className="customer-note-form">
        <CsrfField />
        <label htmlFor="customer-note">{t('admin.customers.noteLabel')}</label>
        <textarea id="customer-note" name="note" rows={3} maxLength={NOTE_MAX} aria-invalid={error ? true : undefined} aria-describedby={error ? 'customer-note-error' : undefined} />
        {error ? (
          <p className="field-error" id="customer-note-error">
            {error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="note" className="button button--small">
          {t('admin.customers.addNote')}
        </button>
      </Form>
    </section>
  );
}
