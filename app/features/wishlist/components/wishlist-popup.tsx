import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../i18n/t-wishlist.ts';
import { announceWishlistChange, wishlistApi } from '../client/wishlist-api.ts';
import { VISIBILITIES, WISHLIST_NAME_MAX, type WishlistSummary } from '../wishlist.schema.ts';
import { WishlistDialog, useCloseLater, closeOpenDialog } from './wishlist-dialog.tsx';

/* The wishlist popups: add to a list, create a list, move an item (the estimate request is in estimate-popup.tsx). */

interface AddProps {
  productId: number;
  productName: string;
  choice: { variationId?: number; attributes?: Record<string, string> };
  onClose: () => void;
  onAdded: (count: number) => void;
}

/** "Add to wishlist" with two tabs: choose one of the shopper's lists, or create a list (name + visibility). */
export function AddToWishlistPopup({ productId, productName, choice, onClose, onAdded }: AddProps) {
  const [tab, setTab] = useState<'choose' | 'create'>('choose');
  const [lists, setLists] = useState<WishlistSummary[] | null>(null);
  const [target, setTarget] = useState('');
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<(typeof VISIBILITIES)[number]>('private');
  const [nameError, setNameError] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  useEffect(() => {
    void wishlistApi<{ userWishlists: WishlistSummary[] }>('GET', '/wishlists').then((r) => {
      const l = r.ok ? r.body.userWishlists : [];
      setLists(l);
      setTarget(l.find((x) => x.isDefault)?.token ?? '');
      if (l.length === 0) setTab('create');
    });
  }, []);
  useCloseLater(done !== null, closeOpenDialog);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (tab === 'create' && !name.trim()) {
      // An empty name flags the field and sends nothing.
      setNameError(t('wishlist.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    const body = { productId, ...choice, ...(tab === 'create' ? { newList: { name, visibility } } : target ? { wishlist: target } : {}) };
    const res = await wishlistApi<{ count: number; message: string; userWishlists: WishlistSummary[] }>('POST', '/wishlist/items', body);
    setBusy(false);
    if (!res.ok) {
      if (res.body.error?.fields?.['newList.name']) setNameError(res.body.error.fields['newList.name']);
      else setError(res.body.error?.message ?? '');
      return;
    }
    onAdded(res.body.count);
    announceWishlistChange({ count: res.body.count, added: true });
    setDone(res.body.message);
  };

  const tabs = [
    { id: 'choose' as const, label: t('wishlist.chooseList') },
    { id: 'create' as const, label: t('wishlist.newList') },
  ];
  return (
    <WishlistDialog title={t('wishlist.addToList')} onClose={onClose}>
      {done !== null ? (
        <div className="wl-feedback" role="status">
          <p>{done}</p>
          <a href="/wishlist">{t('wishlist.browse')}</a>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="wl-dialog__product">{productName}</p>
          <div role="tablist" aria-label={t('wishlist.addToList')} className="wl-tabs">
            {tabs.map((x) => (
              <button key={x.id} type="button" role="tab" id={`${ids}-${x.id}`} aria-selected={tab === x.id} aria-controls={`${ids}-${x.id}-panel`} tabIndex={tab === x.id ? 0 : -1}
                onClick={() => setTab(x.id)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                    const next = tab === 'choose' ? 'create' : 'choose';
                    setTab(next);
                    document.getElementById(`${ids}-${next}`)?.focus();
                  }
                }}>
                {x.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${ids}-choose-panel`} aria-labelledby={`${ids}-choose`} hidden={tab !== 'choose'}>
            {lists === null ? <p aria-busy="true">…</p> : (
              <fieldset className="wl-choose">
                <legend className="visually-hidden">{t('wishlist.chooseList')}</legend>
                {lists.map((l) => (
                  <label key={l.token} className="wl-choose__option">
                    <input type="radio" name="wishlist" value={l.token} checked={target === l.token} onChange={() => setTarget(l.token)} />
                    {l.name} <span className="wl-count">({l.count})</span>
                  </label>
                ))}
              </fieldset>
            )}
          </div>
          <div role="tabpanel" id={`${ids}-create-panel`} aria-labelledby={`${ids}-create`} hidden={tab !== 'create'}>
            <p className="field">
              <label htmlFor={`${ids}-name`}>{t('wishlist.name')}</label>
              <input id={`${ids}-name`} ref={nameRef} value={name} maxLength={WISHLIST_NAME_MAX} onChange={(e) => { setName(e.target.value); setNameError(''); }}
                aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? `${ids}-name-err` : undefined} />
              {nameError ? <span id={`${ids}-name-err`} className="field__error">{nameError}</span> : null}
            </p>
            <p className="field">
              <label htmlFor={`${ids}-vis`}>{t('wishlist.visibility')}</label>
              <select id={`${ids}-vis`} value={visibility} onChange={(e) => setVisibility(e.target.value as typeof visibility)}>
                {VISIBILITIES.map((v) => <option key={v} value={v}>{t(`wishlist.visibility.${v}`)}</option>)}
              </select>
            </p>
          </div>
          {error ? <p className="notice notice--error" role="alert">{error}</p> : null}
          <button type="submit" className="button" disabled={busy}>{t('wishlist.addToList')}</button>
        </form>
      )}
    </WishlistDialog>
  );
}

/** The list name and visibility fields shared by the create and move popups. */
function NewListFields({ ids, name, setName, nameError, setNameError, visibility, setVisibility, nameRef }: {
  ids: string;
  name: string;
  setName: (v: string) => void;
  nameError: string;
  setNameError: (v: string) => void;
  visibility: (typeof VISIBILITIES)[number];
  setVisibility: (v: (typeof VISIBILITIES)[number]) => void;
  nameRef: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <p className="field">
        <label htmlFor={`${ids}-name`}>{t('wishlist.name')}</label>
        <input id={`${ids}-name`} ref={nameRef} value={name} maxLength={WISHLIST_NAME_MAX} onChange={(e) => { setName(e.target.value); setNameError(''); }}
          aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? `${ids}-name-err` : undefined} />
        {nameError ? <span id={`${ids}-name-err`} className="field__error">{nameError}</span> : null}
      </p>
      <p className="field">
        <label htmlFor={`${ids}-vis`}>{t('wishlist.visibility')}</label>
        <select id={`${ids}-vis`} value={visibility} onChange={(e) => setVisibility(e.target.value as (typeof VISIBILITIES)[number])}>
          {VISIBILITIES.map((v) => <option key={v} value={v}>{t(`wishlist.visibility.${v}`)}</option>)}
        </select>
      </p>
    </>
  );
}

/** "Create a list": name and visibility; an empty name flags the field and sends nothing. */
export function CreateListPopup({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<(typeof VISIBILITIES)[number]>('private');
  const [nameError, setNameError] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ message: string; url: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useCloseLater(done !== null, closeOpenDialog);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!name.trim()) {
      setNameError(t('wishlist.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    const res = await wishlistApi<{ message: string; wishlist: WishlistSummary }>('POST', '/wishlists', { name, visibility });
    setBusy(false);
    if (!res.ok) {
      if (res.body.error?.fields?.name) setNameError(res.body.error.fields.name);
      else setError(res.body.error?.message ?? '');
      return;
    }
    setDone({ message: res.body.message, url: res.body.wishlist.url, name: res.body.wishlist.name });
    onDone();
  };
  return (
    <WishlistDialog title={t('wishlist.create')} onClose={onClose}>
      {done !== null ? (
        <div className="wl-feedback" role="status">
          <p>{done.message}</p>
          <a href={done.url}>{t('wishlist.openList', { list: done.name })}</a>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <NewListFields ids={ids} name={name} setName={setName} nameError={nameError} setNameError={setNameError} visibility={visibility} setVisibility={setVisibility} nameRef={nameRef} />
          {error ? <p className="notice notice--error" role="alert">{error}</p> : null}
          <button type="submit" className="button" disabled={busy}>{t('wishlist.createSubmit')}</button>
        </form>
      )}
    </WishlistDialog>
  );
}

interface MoveProps {
  token: string;
  itemId: number;
  productName: string;
  /** The shopper's other lists. */
  lists: { token: string; name: string }[];
  /** Whether a new list may be made on the way (several lists allowed). */
  canCreate: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** "Move to another list": a destination is required (one of the others, or a new list made on the way). */
export function MoveItemPopup({ token, itemId, productName, lists, canCreate, onClose, onDone }: MoveProps) {
  const ids = useId();
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState('');
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<(typeof VISIBILITIES)[number]>('private');
  const [nameError, setNameError] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ message: string; url: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  useCloseLater(done !== null, closeOpenDialog);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!target) {
      setTargetError(t('wishlist.moveRequired'));
      firstRef.current?.focus();
      return;
    }
    if (target === '__new' && !name.trim()) {
      setNameError(t('wishlist.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    const body = target === '__new' ? { newList: { name, visibility } } : { to: target };
    const res = await wishlistApi<{ message: string; wishlist: WishlistSummary }>('POST', `/wishlists/${token}/items/${itemId}/move`, body);
    setBusy(false);
    if (!res.ok) {
      if (res.body.error?.fields?.['newList.name']) setNameError(res.body.error.fields['newList.name']);
      else setError(res.body.error?.message ?? '');
      return;
    }
    setDone({ message: res.body.message, url: res.body.wishlist.url, name: res.body.wishlist.name });
    onDone();
  };
  const choose = (v: string) => {
    setTarget(v);
    setTargetError('');
  };
  const options = [...lists.map((l) => ({ value: l.token, label: l.name })), ...(canCreate ? [{ value: '__new', label: t('wishlist.moveNew') }] : [])];
  return (
    <WishlistDialog title={t('wishlist.moveTitle', { product: productName })} onClose={onClose}>
      {done !== null ? (
        <div className="wl-feedback" role="status">
          <p>{done.message}</p>
          <a href={done.url}>{t('wishlist.openList', { list: done.name })}</a>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset className="wl-choose" role="radiogroup" aria-labelledby={`${ids}-legend`} aria-required="true" aria-invalid={targetError ? true : undefined}
            aria-describedby={targetError ? `${ids}-target-err` : undefined}>
            <legend id={`${ids}-legend`}>{t('wishlist.moveTo')}</legend>
            {options.map((o, i) => (
              <label key={o.value} className="wl-choose__option">
                <input ref={i === 0 ? firstRef : undefined} type="radio" name="to" value={o.value} checked={target === o.value} onChange={() => choose(o.value)} />
                {o.label}
              </label>
            ))}
            {targetError ? <span id={`${ids}-target-err`} className="field__error" role="alert">{targetError}</span> : null}
          </fieldset>
          {target === '__new' ? (
            <NewListFields ids={ids} name={name} setName={setName} nameError={nameError} setNameError={setNameError} visibility={visibility} setVisibility={setVisibility} nameRef={nameRef} />
          ) : null}
          {error ? <p className="notice notice--error" role="alert">{error}</p> : null}
          <button type="submit" className="button" disabled={busy}>{t('wishlist.move')}</button>
        </form>
      )}
    </WishlistDialog>
  );
}
