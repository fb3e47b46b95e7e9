import { useId } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';
import type { SavedFilter } from '../saved-filters.schema.ts';
import { RowAction } from './row-action.tsx';

/*
 * A list's saved filters: the person's named views as links above the list, each with its
 * delete button, and a form that saves the view on screen under a name. Plain form posts to
 * the list's own action (`intent` save-filter / delete-filter), so it works without scripts.
 */
export function SavedFilters({ filters, current, action, query, error }: {
  filters: SavedFilter[];
  /** The address of the view on screen, to mark its link. */
  current: string;
  /** Where the forms post: the view's own address, so the page comes back as it was. */
  action: string;
  /** The view's query string, saved as it is. */
  query: string;
  /** The name field's error, if the last save was refused. */
  error?: string;
}) {
  const id = useId();
  return (
    <section className="saved-filters" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="saved-filters__heading">
        {t('admin.savedFilters.heading')}
      </h2>
      {filters.length ? (
        <ul className="saved-filters__list">
          {filters.map((f) => (
            <li key={f.id} className="saved-filters__item">
              <Link to={f.href} aria-current={f.href === current ? 'page' : undefined}>
                {f.name}
              </Link>
              <RowAction action={action} formClassName="saved-filters__delete" intent="delete-filter" value={f.id} label={t('admin.savedFilters.delete')} name={t('admin.savedFilters.deleteLabel', { name: f.name })} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t('admin.savedFilters.none')}</p>
      )}
      {/* Keyed by the filters: once one is saved (or deleted) the name field starts empty again. */}
      <Form method="post" action={action} className="saved-filters__save" key={filters.map((f) => f.id).join('-')}>
        <CsrfField />
        <input type="hidden" name="intent" value="save-filter" />
        <input type="hidden" name="query" value={query} />
        <div className="admin-list__field">
          <label htmlFor={`${id}-name`}>{t('admin.savedFilters.name')}</label>
          <input id={`${id}-name`} name="name" maxLength={60} required aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} />
          {error ? (
            <span id={`${id}-err`} className="field-error">
              {error}
            </span>
          ) : null}
        </div>
        <button type="submit" className="button button--small">
          {t('admin.savedFilters.save')}
        </button>
      </Form>
    </section>
  );
}
