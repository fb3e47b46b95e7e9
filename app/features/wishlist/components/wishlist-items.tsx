import { CsrfField } from '../../account/components/form-parts.tsx';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Form, useRevalidator, useRouteLoaderData } from 'react-router';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import { WISHLIST_QUANTITY_SAVE_DEBOUNCE_MS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t-wishlist.ts';
import type { WishlistItemView, WishlistView } from '../wishlist.schema.ts';
import { wishlistApi } from '../client/wishlist-api.ts';
import type { SortableRowProps, SortableRows as SortableRowsType } from './wishlist-sortable.tsx';

type Lists = { token: string; name: string }[];

function useMoney(): (minor: number, currency: string) => string {
  const root = useRouteLoaderData('root') as { settings: PriceFormat } | undefined;
  return (minor, currency) => formatPrice(minor, { ...(root?.settings ?? { currencyPosition: 'left', pricePrecision: 2, thousandSeparator: ',', decimalPoint: '.' }), currency: currency || root?.settings.currency || 'GBP' });
}

const stockText = (s: string) => (s === 'outofstock' ? t('wishlist.outOfStock') : s === 'onbackorder' ? t('wishlist.onBackorder') : t('wishlist.inStock'));

/** A quantity saved through the API one second after the last change; below the minimum it is raised. */
function QuantityInput({ item, token }: { item: WishlistItemView; token: string }) {
  const [value, setValue] = useState(String(item.quantity));
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (raw: string) => {
    setValue(raw);
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      let n = Math.floor(Number(raw));
      if (!Number.isFinite(n) || n < item.minQuantity) n = item.minQuantity;
      if (n > 9999) n = 9999;
      setValue(String(n));
      setState('saving');
      const res = await wishlistApi<{ quantity: number }>('PATCH', `/wishlists/${token}/items/${item.id}`, { quantity: n });
      if (res.ok) setValue(String(res.body.quantity));
      setState(res.ok ? 'saved' : 'error');
    }, WISHLIST_QUANTITY_SAVE_DEBOUNCE_MS);
  };
  return (
    <span className="wl-qty">
      <input
        type="number"
        name={`qty[${item.id}]`}
        min={item.minQuantity}
        max={9999}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(e) => change(e.target.value)}
        aria-label={`${t('wishlist.quantity')} — ${item.name}`}
        data-state={state}
      />
      <span className="wl-qty__state" role="status">
        {state === 'saved' ? t('wishlist.quantitySaved') : ''}
      </span>
    </span>
  );
}

function PriceCell({ item }: { item: WishlistItemView }) {
  const money = useMoney();
  return (
    <>
      {item.price === null ? '—' : money(item.price, item.currency)}
      {item.priceAdded !== null && item.priceChange ? (
        <small className={`wl-price-note wl-price-note--${item.priceChange}`}>
          {t(item.priceChange === 'dropped' ? 'wishlist.priceDropped' : 'wishlist.priceRose')} · {t('wishlist.priceWhenAdded', { price: money(item.priceAdded, item.currency) })}
        </small>
      ) : null}
    </>
  );
}

const MovePopup = lazy(() => import('./wishlist-popup.tsx').then((m) => ({ default: m.MoveItemPopup })));

/** True once the page's scripts run: popups replace the plain form controls from then on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** With scripts, "Move…" opens the move popup (outside the items form: forms do not nest). */
function MoveButton({ item, list, others, canCreate }: { item: WishlistItemView; list: WishlistView; others: Lists; canCreate: boolean }) {
  const [open, setOpen] = useState(false);
  const moved = useRef(false);
  const revalidator = useRevalidator();
  return (
    <>
      <button type="button" className="link-button wl-move-open" aria-haspopup="dialog" aria-label={t('wishlist.moveOpenNamed', { product: item.name })} onClick={() => setOpen(true)}>
        {t('wishlist.moveOpen')}
      </button>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <MovePopup token={list.token} itemId={item.id} productName={item.name} lists={others} canCreate={canCreate}
                onDone={() => { moved.current = true; }}
                onClose={() => {
                  setOpen(false);
                  if (moved.current) void revalidator.revalidate();
                }} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}

function RowActions({ item, list, lists, canCreate }: { item: WishlistItemView; list: WishlistView; lists: Lists; canCreate: boolean }) {
  const others = lists.filter((l) => l.token !== list.token);
  const hydrated = useHydrated();
  return (
    <div className="wl-row-actions">
      <button type="submit" name="intent" value={`cart:${item.id}`} className="button button--small" disabled={!item.purchasable}>
        {t('wishlist.addToCart')}
      </button>
      {list.isOwner ? (
        <>
          <button type="submit" name="intent" value={`remove:${item.id}`} className="link-button" aria-label={t('wishlist.removeNamed', { product: item.name })}>
            {t('wishlist.remove')}
          </button>
          {hydrated ? (others.length || canCreate ? <MoveButton item={item} list={list} others={others} canCreate={canCreate} /> : null) : <span className="wl-move">
            <select name={`move_to[${item.id}]`} aria-label={t('wishlist.moveNamed', { product: item.name })} defaultValue="">
              <option value="">{t('wishlist.moveChoose')}</option>
              {others.map((l) => (
                <option key={l.token} value={l.token}>
                  {l.name}
                </option>
              ))}
              <option value="__new">{t('wishlist.moveNew')}</option>
            </select>
            <input type="text" name={`move_name[${item.id}]`} maxLength={100} placeholder={t('wishlist.name')} aria-label={t('wishlist.name')} className="wl-move__name" />
            <button type="submit" name="intent" value={`move:${item.id}`} className="link-button">
              {t('wishlist.move')}
            </button>
          </span>}
        </>
      ) : (
        <button type="submit" name="intent" value={`copy:${item.id}`} className="link-button">
          {t('wishlist.addToList')}
        </button>
      )}
    </div>
  );
}

/**
 * The owner's table rows become sortable once the page runs: the drag-and-drop code
 * (dnd-kit) is fetched after hydration, so no other page and no first paint pays for it.
 */
function useSortableRows(enabled: boolean): typeof SortableRowsType | null {
  const [mod, setMod] = useState<typeof SortableRowsType | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void import('./wishlist-sortable.tsx').then((m) => {
      if (live) setMod(() => m.SortableRows);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return mod;
}

/** The list's items as one form (a table, or a grid of images); every button works as a plain form post. */
export function WishlistItems({ list, lists, layout, returnTo, canCreate = true }: { list: WishlistView; lists: Lists; layout: 'table' | 'grid'; returnTo: string; canCreate?: boolean }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const sortable = list.isOwner && layout === 'table' && list.items.length > 1;
  const SortableRows = useSortableRows(sortable);
  const [order, setOrder] = useState(list.items);
  const [shown, setShown] = useState(list.items);
  if (shown !== list.items) {
    // New data from the server (after a form post): its order wins.
    setShown(list.items);
    setOrder(list.items);
  }
  const [sortError, setSortError] = useState('');
  const reorder = async (next: WishlistItemView[]) => {
    const before = order;
    setOrder(next);
    setSortError('');
    const res = await wishlistApi('POST', `/wishlists/${list.token}/sort`, { positions: next.map((i) => i.id), page: list.page, perPage: list.perPage });
    if (!res.ok) {
      setOrder(before);
      setSortError(res.body.error?.message ?? t('wishlist.sortFailed'));
    }
  };
  const row = (item: WishlistItemView, i: number, s?: SortableRowProps): ReactNode => (
    <tr key={item.id} data-item={item.id} ref={s?.setNodeRef} style={s?.style} className={s?.dragging ? 'wl-row--dragging' : undefined}>
      {sortable ? (
        <td className="wl-table__handle">
          {s ? (
            <button type="button" className="wl-handle" {...s.handle} aria-label={t('wishlist.dragHandle', { product: item.name })}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M5 3h2v2H5zM9 3h2v2H9zM5 7h2v2H5zM9 7h2v2H9zM5 11h2v2H5zM9 11h2v2H9z" fill="currentColor" />
              </svg>
            </button>
          ) : (
            <span className="wl-updown">
              <button type="submit" name="intent" value={`up:${item.id}`} className="wl-updown__btn" disabled={i === 0} aria-label={t('wishlist.moveUp', { product: item.name })}>↑</button>
              <button type="submit" name="intent" value={`down:${item.id}`} className="wl-updown__btn" disabled={i === order.length - 1} aria-label={t('wishlist.moveDown', { product: item.name })}>↓</button>
            </span>
          )}
        </td>
      ) : null}
      <td className="wl-table__check">{check(item)}</td>
      <td className="wl-table__img">{item.image ? <img src={item.image.src} srcSet={item.image.srcset} sizes="80px" alt="" width={80} height={80} loading="lazy" /> : null}</td>
      <td data-label={t('wishlist.product')} className="wl-table__name">{name(item)}</td>
      <td data-label={t('wishlist.unitPrice')}><PriceCell item={item} /></td>
      <td data-label={t('wishlist.stock')} className={`wl-stock wl-stock--${item.stockStatus}`}>{stockText(item.stockStatus)}</td>
      <td data-label={t('wishlist.quantity')}>{list.isOwner ? <QuantityInput item={item} token={list.token} /> : item.quantity}</td>
      <td><RowActions item={item} list={list} lists={lists} canCreate={canCreate} /></td>
    </tr>
  );
  const all = list.items.length > 0 && selected.size === list.items.length;
  const toggle = (id: number) => setSelected((s) => {
    const n = new Set(s);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    return n;
  });
  const check = (item: WishlistItemView) => (
    <input type="checkbox" name="selected" value={item.id} checked={selected.has(item.id)} onChange={() => toggle(item.id)} aria-label={t('wishlist.select', { product: item.name })} />
  );
  const name = (item: WishlistItemView) => (
    <>
      <a href={item.url}>{item.name}</a>
      {item.variationLabel ? <span className="wl-variation">{item.variationLabel}</span> : null}
    </>
  );
  return (
    <Form method="post" className={`wl-items wl-items--${layout}`} id="wishlist-items">
      <CsrfField />
      <input type="hidden" name="token" value={list.token} />
      <input type="hidden" name="redirect" value={returnTo} />
      {sortable ? (
        <>
          <input type="hidden" name="order" value={order.map((i) => i.id).join(',')} />
          <input type="hidden" name="page" value={list.page} />
          <input type="hidden" name="per_page" value={list.perPage} />
        </>
      ) : null}
      {layout === 'grid' ? (
        <ul className="wl-grid">
          {list.items.map((item) => (
            <li key={item.id} className="wl-grid__item">
              <details>
                <summary>
                  {item.image ? <img src={item.image.src} srcSet={item.image.srcset} sizes="200px" alt={item.image.alt} loading="lazy" /> : <span className="wl-noimg">{item.name}</span>}
                </summary>
                <div className="wl-grid__detail">
                  <label className="wl-check">{check(item)}</label>
                  <p>{name(item)}</p>
                  <p><PriceCell item={item} /></p>
                  <p>{stockText(item.stockStatus)}</p>
                  {list.isOwner ? <QuantityInput item={item} token={list.token} /> : <p>{t('wishlist.quantity')}: {item.quantity}</p>}
                  <RowActions item={item} list={list} lists={lists} canCreate={canCreate} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <table className="wl-table">
          <thead>
            <tr>
              {sortable ? <th scope="col" className="wl-table__handle"><span className="visually-hidden">{t('wishlist.sortColumn')}</span></th> : null}
              <th scope="col" className="wl-table__check">
                <input type="checkbox" checked={all} onChange={() => setSelected(all ? new Set() : new Set(list.items.map((i) => i.id)))} aria-label={t('wishlist.selectAll')} />
              </th>
              <th scope="col" className="wl-table__img"><span className="visually-hidden">{t('wishlist.product')}</span></th>
              <th scope="col">{t('wishlist.product')}</th>
              <th scope="col">{t('wishlist.unitPrice')}</th>
              <th scope="col">{t('wishlist.stock')}</th>
              <th scope="col">{t('wishlist.quantity')}</th>
              <th scope="col"><span className="visually-hidden">{t('wishlist.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {SortableRows ? <SortableRows items={order} onReorder={(next) => void reorder(next)} render={(item, props) => row(item, order.indexOf(item), props)} /> : order.map((item, i) => row(item, i))}
          </tbody>
        </table>
      )}
      {sortError ? <p className="notice notice--error" role="alert">{sortError}</p> : null}
      <div className="wl-bulk">
        <button type="submit" name="intent" value="cart_selected" className="button">
          {t('wishlist.addSelected')}
        </button>
        <button type="submit" name="intent" value="cart_all" className="button button--ghost">
          {t('wishlist.addAll')}
        </button>
        {list.isOwner ? (
          <button type="submit" name="intent" value="update" className="link-button wl-save-qty">
            {t('wishlist.saveQuantities')}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
