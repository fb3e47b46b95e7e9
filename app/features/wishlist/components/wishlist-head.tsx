import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { t } from '../../../i18n/t-wishlist.ts';
import { VISIBILITIES, WISHLIST_NAME_MAX, type WishlistView } from '../wishlist.schema.ts';
import { CsrfField } from '../../account/components/form-parts.tsx';

/**
 * The list's title (display ↔ edit: a native disclosure, so it works without scripts),
 * its visibility and its delete button, for the owner; a plain heading for visitors.
 */
export function WishlistHead({ list, returnTo, signedIn }: { list: WishlistView; returnTo: string; signedIn: boolean }) {
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!list.isOwner) {
    return (
      <header className="wl-head">
        <h1>{list.name}</h1>
        <p className="wl-head__meta">{t('wishlist.readOnly')}</p>
      </header>
    );
  }
  return (
    <header className="wl-head">
      <details className="wl-title" open={editing} onToggle={(e) => {
        const open = (e.currentTarget as HTMLDetailsElement).open;
        setEditing(open);
        if (open) requestAnimationFrame(() => input.current?.focus());
      }}>
        <summary>
          <h1>{list.name}</h1>
          <span className="wl-title__edit">{t('wishlist.edit')}</span>
        </summary>
        <Form method="post" className="wl-title__form" onSubmit={() => setEditing(false)}>
          <CsrfField />
          <input type="hidden" name="token" value={list.token} />
          <input type="hidden" name="redirect" value={returnTo} />
          <label htmlFor="wl-name">{t('wishlist.name')}</label>
          <input id="wl-name" ref={input} name="name" defaultValue={list.name} maxLength={WISHLIST_NAME_MAX} required
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)} />
          <button type="submit" name="intent" value="rename" className="button button--small">{t('wishlist.save')}</button>
          <button type="button" className="link-button" onClick={() => setEditing(false)}>{t('wishlist.cancel')}</button>
        </Form>
      </details>
      <div className="wl-head__tools">
        <Form method="post" className="wl-visibility">
          <CsrfField />
          <input type="hidden" name="token" value={list.token} />
          <input type="hidden" name="redirect" value={returnTo} />
          <label htmlFor="wl-visibility">{t('wishlist.visibility')}</label>
          <select id="wl-visibility" name="visibility" defaultValue={list.visibility}
            onChange={(e) => e.currentTarget.form?.requestSubmit(e.currentTarget.form.querySelector<HTMLButtonElement>('button[value="visibility"]'))}>
            {VISIBILITIES.map((v) => <option key={v} value={v}>{t(`wishlist.visibility.${v}`)}</option>)}
          </select>
          <button type="submit" name="intent" value="visibility" className="link-button">{t('wishlist.save')}</button>
        </Form>
        {signedIn ? (
          <Form method="post" className="wl-alerts">
            <CsrfField />
            <input type="hidden" name="token" value={list.token} />
            <input type="hidden" name="redirect" value={returnTo} />
            <input type="hidden" name="alerts" value={list.alerts ? '0' : '1'} />
            <span className="wl-alerts__state">{list.alerts ? t('wishlist.alertsOn') : t('wishlist.alerts')}</span>{' '}
            <button type="submit" name="intent" value="alerts" className="link-button">
              {list.alerts ? t('wishlist.alertsTurnOff') : t('wishlist.alertsTurnOn')}
            </button>
          </Form>
        ) : null}
        <Form method="post" className="wl-delete" onSubmit={(e) => { if (!window.confirm(t('wishlist.deleteConfirm', { list: list.name }))) e.preventDefault(); }}>
          <CsrfField />
          <input type="hidden" name="token" value={list.token} />
          <button type="submit" name="intent" value="delete_list" className="link-button wl-danger">{t('wishlist.deleteList')}</button>
        </Form>
      </div>
    </header>
  );
}
