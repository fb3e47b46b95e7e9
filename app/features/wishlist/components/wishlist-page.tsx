import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { NOTICE_POPUP_FADE_MS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t-wishlist.ts';
import { Pagination } from '../../catalog/components/pagination.tsx';
import { CsrfField } from '../../account/components/form-parts.tsx';
import type { WishlistPageData } from '../wishlist-page.server.ts';
import { WishlistHead } from './wishlist-head.tsx';
import { useHydrated, WishlistItems } from './wishlist-items.tsx';
import { WishlistShare } from './wishlist-share.tsx';

export interface WishlistActionError {
  error: { code: string; message: string; fields?: Record<string, string> };
  intent?: string;
  values?: Record<string, string>;
}

/** The notice named by `?done=` and the refusal of the last form post. */
export function WishlistNotices({ data, error }: { data: WishlistPageData; error?: WishlistActionError }) {
  // A done notice fades after NOTICE_POPUP_FADE_MS once scripts run (it stays without them).
  const [faded, setFaded] = useState(false);
  useEffect(() => {
    if (!data.done) return;
    const timer = setTimeout(() => setFaded(true), NOTICE_POPUP_FADE_MS);
    return () => clearTimeout(timer);
  }, [data.done]);
  return (
    <>
      {data.done ? <p className={`notice wl-notice${faded ? ' wl-notice--faded' : ''}`} role="status">{t(`wishlist.done.${data.done}`)}</p> : null}
      {error ? <p className="notice notice--error" role="alert">{error.error.message}</p> : null}
    </>
  );
}

const CreatePopup = lazy(() => import('./wishlist-popup.tsx').then((m) => ({ default: m.CreateListPopup })));

/**
 * "Create a list": with scripts a button opening the popup (the page reloads its data when
 * it closes after a success); without, a link to the manage page's form.
 */
export function CreateListButton({ className = 'link-button' }: { className?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const made = useRef(false);
  const revalidator = useRevalidator();
  if (!hydrated) return <Link to="/wishlist/manage#wl-create">{t('wishlist.create')}</Link>;
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>{t('wishlist.create')}</button>
      {open ? (
        <Suspense fallback={null}>
          <CreatePopup onDone={() => { made.current = true; }} onClose={() => {
            setOpen(false);
            if (made.current) void revalidator.revalidate();
            made.current = false;
          }} />
        </Suspense>
      ) : null}
    </>
  );
}

const EstimatePopup = lazy(() => import('./estimate-popup.tsx').then((m) => ({ default: m.EstimatePopup })));

function EstimateForm({ data, error }: { data: WishlistPageData; error?: WishlistActionError }) {
  const list = data.list!;
  const [popup, setPopup] = useState(false);
  const failed = error?.intent === 'estimate' ? error : undefined;
  const field = (name: string) => failed?.error.fields?.[name];
  return (
    <>
    {popup ? (
      <Suspense fallback={null}>
        <EstimatePopup token={list.token} fields={data.settings.estimateFields} onClose={() => setPopup(false)} />
      </Suspense>
    ) : null}
    <details className="wl-estimate" open={!!failed}>
      {/* With scripts the button opens the popup; without, the disclosure shows the form. */}
      <summary className="button button--ghost" onClick={(e) => { if (!failed) { e.preventDefault(); setPopup(true); } }}>{t('wishlist.askEstimate')}</summary>

      <Form method="post" className="wl-estimate__form" noValidate>
        <CsrfField />
        <input type="hidden" name="token" value={list.token} />
        <input type="hidden" name="redirect" value={list.isDefault ? '/wishlist' : list.url} />
        {failed ? <p className="notice notice--error" role="alert">{failed.error.message}</p> : null}
        <p className="field">
          <label htmlFor="est-name">{t('wishlist.estimateName')}</label>
          <input id="est-name" name="name" required maxLength={100} autoComplete="name" defaultValue={failed?.values?.name} aria-invalid={!!field('name')} aria-describedby={field('name') ? 'est-name-err' : undefined} />
          {field('name') ? <span id="est-name-err" className="field__error">{field('name')}</span> : null}
        </p>
        <p className="field">
          <label htmlFor="est-email">{t('wishlist.estimateEmail')}</label>
          <input id="est-email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={failed?.values?.email} aria-invalid={!!field('email')} aria-describedby={field('email') ? 'est-email-err' : undefined} />
          {field('email') ? <span id="est-email-err" className="field__error">{field('email')}</span> : null}
        </p>
        {data.settings.estimateFields.map((label, i) => (
          <p className="field" key={label}>
            <label htmlFor={`est-extra-${i}`}>{label}</label>
            <input id={`est-extra-${i}`} name={`extra[${label}]`} maxLength={500} />
          </p>
        ))}
        <p className="field">
          <label htmlFor="est-message">{t('wishlist.estimateMessage')}</label>
          <textarea id="est-message" name="message" maxLength={2000} rows={4} defaultValue={failed?.values?.message} />
        </p>
        <button type="submit" name="intent" value="estimate" className="button">{t('wishlist.estimateSubmit')}</button>
      </Form>
    </details>
    </>
  );
}

/** /wishlist and /wishlist/view/:token: the list, its tools and its items. */
export function WishlistPage({ data, error, returnTo }: { data: WishlistPageData; error?: WishlistActionError; returnTo: string }) {
  const { list } = data;
  if (!list) {
    return (
      <div className="page container wishlist">
        <h1>{t('wishlist.title')}</h1>
        <WishlistNotices data={data} error={error} />
        <p className="wl-empty">{t('wishlist.empty')} <Link to="/shop">{t('wishlist.emptyLink')}</Link></p>
        {data.settings.multiple ? <p><Link to="/wishlist/manage">{t('wishlist.manage')}</Link></p> : null}
      </div>
    );
  }
  const base = returnTo.split('?')[0];
  const pageHref = (p: number) => `${base}?page=${p}${list.perPage !== 20 ? `&per_page=${list.perPage}` : ''}`;
  return (
    <div className="page container wishlist">
      <WishlistHead list={list} returnTo={returnTo} signedIn={data.signedIn} />
      <WishlistNotices data={data} error={error?.intent === 'estimate' ? undefined : error} />
      {list.isOwner && data.settings.multiple ? (
        <nav className="wl-lists" aria-label={t('wishlist.manage')}>
          <ul>
            {data.lists.map((l) => (
              <li key={l.token}>
                <Link to={l.isDefault ? '/wishlist' : l.url} aria-current={l.token === list.token ? 'page' : undefined}>
                  {l.name} <span className="wl-count">({l.count})</span>
                </Link>
              </li>
            ))}
            <li><Link to="/wishlist/manage">{t('wishlist.manage')}</Link></li>
            <li><CreateListButton /></li>
          </ul>
        </nav>
      ) : null}
      {list.items.length === 0 ? (
        <p className="wl-empty">{t('wishlist.empty')} <Link to="/shop">{t('wishlist.emptyLink')}</Link></p>
      ) : (
        <WishlistItems list={list} lists={data.lists} layout={data.settings.layout} returnTo={returnTo} canCreate={data.settings.multiple} />
      )}
      <Pagination page={list.page} pages={list.pages} href={pageHref} />
      {list.visibility !== 'private' ? <WishlistShare url={`${data.origin}${list.url}`} name={list.name} /> : null}
      {list.isOwner && data.settings.estimates && list.items.length > 0 ? <EstimateForm data={data} error={error} /> : null}
    </div>
  );
}
