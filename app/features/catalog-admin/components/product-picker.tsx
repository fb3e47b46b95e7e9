import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useFetcher } from 'react-router';
import { t } from '../../../i18n/t-admin.ts';
import { pickKey, withVariations, type LinkedProduct, type LinkKind } from '../product-form.ts';

/**
 * One of the editor's product pickers (upsells, cross-sells, a grouped product's children).
 * The chosen products are ticked checkboxes named `link.<kind>`: unticking one removes it on
 * save. Without scripts the search box is a "Find" step of the editor's form (intent
 * `find:<kind>`) that lists matches as unticked boxes; with scripts it is an ARIA combobox
 * asking /admin/products/lookup as one types, and a pick adds a ticked box. Another form
 * (the coupon editor) passes `field`: the boxes are then named `<field>`, the search
 * `find.<field>` and its step `find:<field>`. With `variationField` as well, the search
 * offers variations too ("Tee — Size M", after their product), and a chosen variation's box
 * is named `<variationField>`.
 */
export function ProductPicker({
  kind,
  field,
  variationField,
  label,
  hint,
  chosen,
  found,
  productId,
  error,
  onChange,
}: {
  kind?: LinkKind;
  /** The form field the chosen ids are posted as, instead of `link.<kind>`. */
  field?: string;
  /** The form field chosen variations are posted as; without it only products are offered. */
  variationField?: string;
  label: string;
  hint?: string;
  chosen: LinkedProduct[];
  /** Matches of a search made without scripts, offered unticked. */
  found?: LinkedProduct[];
  productId: number | null;
  error?: string;
  onChange?: () => void;
}) {
  const uid = useId();
  const key = field ?? kind ?? 'upsell';
  const inputId = `find-${key}`;
  const groupId = field ? `field-${field}` : `field-links.${kind}`;
  const boxName = (p: LinkedProduct) => (p.variationOf && variationField ? variationField : (field ?? `link.${kind}`));
  const boxId = (p: LinkedProduct) => (field ? `${boxName(p)}-${p.id}` : `link-${kind}-${p.id}`);
  const listId = `${uid}-list`;
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const [items, setItems] = useState(() => [...chosen.map((p) => ({ ...p, on: true })), ...(found ?? []).filter((f) => !chosen.some((c) => pickKey(c) === pickKey(f))).map((p) => ({ ...p, on: false }))]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  const lookup = useFetcher<{ products: LinkedProduct[]; variations?: (LinkedProduct & { productId: number })[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const answered = withVariations(lookup.data?.products ?? [], (lookup.data?.variations ?? []).map(({ productId, ...v }) => ({ ...v, variationOf: productId })));
  const matches = answered.filter((m) => !items.some((i) => i.on && pickKey(i) === pickKey(m)));

  const search = (q: string) => {
    setQuery(q);
    setActive(-1);
    clearTimeout(timer.current);
    if (!q.trim()) return setOpen(false);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams({ q, ...(kind ? { kind } : {}) });
      if (productId) params.set('exclude', String(productId));
      if (variationField) params.set('variations', '1');
      lookup.load(`/admin/products/lookup?${params}`);
      setOpen(true);
    }, 150);
  };
  const pick = (p: LinkedProduct) => {
    setItems((list) => [...list.filter((i) => pickKey(i) !== pickKey(p)), { ...p, on: true }]);
    setQuery('');
    setOpen(false);
    setActive(-1);
    setSaid(t('products.links.added', { name: p.name }));
    onChange?.();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!scripted) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open && query.trim()) setOpen(true);
      const n = matches.length;
      if (!n) return;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
    } else if (e.key === 'Enter') {
      // Enter picks the highlighted match; it never submits the whole editor from here.
      e.preventDefault();
      const p = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
      if (open && p) pick(p);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const describe = (p: LinkedProduct) => (p.sku ? `${p.name} (${p.sku})` : p.name);
  const showList = scripted && open && query.trim() !== '';

  return (
    <div className="field admin-picker" id={groupId} role="group" aria-labelledby={`${uid}-label`}>
      <span id={`${uid}-label`} className="admin-picker__label">
        {label}
      </span>
      {hint ? <span className="hint">{hint}</span> : null}
      {items.length ? (
        <ul className="admin-picker__chosen">
          {items.map((p) => (
            <li key={pickKey(p)} className="check">
              <input
                type="checkbox"
                id={boxId(p)}
                name={boxName(p)}
                value={p.id}
                checked={p.on}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setItems((list) => list.map((i) => (pickKey(i) === pickKey(p) ? { ...i, on } : i)));
                }}
              />
              <label htmlFor={boxId(p)}>{describe(p)}</label>
            </li>
          ))}
        </ul>
      ) : (
        <span className="hint">{t('products.links.none')}</span>
      )}
      <div className="admin-picker__find">
        <label htmlFor={inputId}>{t('products.links.find')}</label>
        <div className="admin-picker__box">
          <input
            id={inputId}
            name={`find.${key}`}
            value={query}
            autoComplete="off"
            role={scripted ? 'combobox' : undefined}
            aria-autocomplete={scripted ? 'list' : undefined}
            aria-expanded={scripted ? showList : undefined}
            aria-controls={scripted ? listId : undefined}
            aria-activedescendant={showList && active >= 0 && matches[active] ? `${listId}-${pickKey(matches[active])}` : undefined}
            onChange={(e) => search(e.currentTarget.value)}
            onKeyDown={onKey}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
          />
          <button type="submit" name="intent" value={`find:${key}`} className="button button--ghost button--small">
            {t('products.links.findButton')}
          </button>
          {scripted ? (
            <ul id={listId} role="listbox" aria-label={t('products.links.matches', { label })} className="admin-picker__list" hidden={!showList}>
              {showList && lookup.state === 'idle' && !matches.length ? <li className="admin-picker__empty">{t('products.links.noMatch')}</li> : null}
              {matches.map((m, i) => (
                <li
                  key={pickKey(m)}
                  id={`${listId}-${pickKey(m)}`}
                  role="option"
                  aria-selected={i === active}
                  // A variation listed under its product is indented below it.
                  className={m.variationOf && matches.some((p) => !p.variationOf && p.id === m.variationOf) ? 'admin-picker__variation' : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(m)}
                >
                  {describe(m)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <span className="visually-hidden" role="status">
        {said}
      </span>
      {error ? (
        <span className="error" id={`${groupId}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
