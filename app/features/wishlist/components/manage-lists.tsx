import { Form, Link } from 'react-router';
import { t } from '../../../i18n/t-wishlist.ts';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { VISIBILITIES, WISHLIST_NAME_MAX } from '../wishlist.schema.ts';
import type { WishlistPageData } from '../wishlist-page.server.ts';
import { CreateListButton, WishlistNotices, type WishlistActionError } from './wishlist-page.tsx';
import { useHydrated } from './wishlist-items.tsx';

/** /wishlist/manage: every list of the shopper with its count and visibility, and a form to make one. */
export function ManageLists({ data, error }: { data: WishlistPageData; error?: WishlistActionError }) {
  const nameError = error?.intent === 'create' ? error.error.fields?.name : undefined;
  // With scripts, "Create a list" is a popup; the form below is what a page without them posts.
  const hydrated = useHydrated();
  return (
    <div className="page container wishlist">
      <h1>{t('wishlist.manageTitle')}</h1>
      <WishlistNotices data={data} error={nameError ? undefined : error} />
      {data.lists.length === 0 ? (
        <p className="wl-empty">{t('wishlist.noLists')} <Link to="/shop">{t('wishlist.emptyLink')}</Link></p>
      ) : (
        <table className="wl-table wl-manage">
          <thead>
            <tr>
              <th scope="col">{t('wishlist.name')}</th>
              <th scope="col">{t('wishlist.itemsHeader')}</th>
              <th scope="col">{t('wishlist.visibility')}</th>
              <th scope="col"><span className="visually-hidden">{t('wishlist.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {data.lists.map((l) => (
              <tr key={l.token}>
                <td data-label={t('wishlist.name')}>
                  <Link to={l.isDefault ? '/wishlist' : l.url}>{l.name}</Link>
                  {l.isDefault ? <span className="wl-badge">{t('wishlist.default')}</span> : null}
                </td>
                <td data-label={t('wishlist.quantity')}>{l.count}</td>
                <td data-label={t('wishlist.visibility')}>{t(`wishlist.visibility.${l.visibility as 'public'}`)}</td>
                <td>
                  <Link to={l.url}>{t('wishlist.view')}</Link>{' '}
                  <Form method="post" className="wl-inline">
                    <CsrfField />
                    <input type="hidden" name="token" value={l.token} />
                    <button type="submit" name="intent" value="delete_list" className="link-button wl-danger" aria-label={`${t('wishlist.deleteList')} — ${l.name}`}>
                      {t('wishlist.deleteList')}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(data.settings.multiple || data.lists.length === 0) && hydrated && !nameError ? (
        <p className="wl-create wl-create--button"><CreateListButton className="button" /></p>
      ) : data.settings.multiple || data.lists.length === 0 ? (
        <Form method="post" className="wl-create" id="wl-create" noValidate>
          <h2>{t('wishlist.create')}</h2>
          <CsrfField />
          <p className="field">
            <label htmlFor="wl-create-name">{t('wishlist.name')}</label>
            <input id="wl-create-name" name="name" required maxLength={WISHLIST_NAME_MAX} defaultValue={error?.values?.name}
              aria-invalid={!!nameError} aria-describedby={nameError ? 'wl-create-name-err' : undefined} />
            {nameError ? <span id="wl-create-name-err" className="field__error" role="alert">{nameError}</span> : null}
          </p>
          <p className="field">
            <label htmlFor="wl-create-vis">{t('wishlist.visibility')}</label>
            <select id="wl-create-vis" name="visibility" defaultValue="private">
              {VISIBILITIES.map((v) => <option key={v} value={v}>{t(`wishlist.visibility.${v}`)}</option>)}
            </select>
          </p>
          <button type="submit" name="intent" value="create" className="button">{t('wishlist.createSubmit')}</button>
        </Form>
      ) : null}
    </div>
  );
}
