import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { VARIATION_FORM_INIT_DELAY_MS } from '../../../config/constants.ts';
import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import { Price } from '../../catalog/components/price.tsx';
import { useHydrated } from '../../cart/client/cart-queue.ts';
import {
  anyChosen, choiceKey, disabledValues, findMatchingVariation, isComplete, searchWithChoice, toAttributeFields,
  type Choice, type FormAttribute, type VariationCombo, type VariationObject,
} from '../variations.ts';
import { AttributeControl } from './swatches.tsx';
import { readCsrfToken } from '../../../lib/csrf-token.ts';

export interface VariationFormOptions {
  productId: number;
  attributes: FormAttribute[];
  combos: VariationCombo[];
  /** Embedded variation objects, or null: each complete choice is asked of the API. */
  variations: VariationObject[] | null;
  initialChoice: Choice;
  initialVariation: VariationObject | null;
  /** Called once the form has initialised and whenever the shown variation changes (gallery, sticky bar). */
  onVariationChange?: (variation: VariationObject | null) => void;
  /** Write the choice into the address (the product page); false where the form is not the page's (quick view). */
  syncUrl?: boolean;
}

export type VariationStatus = 'idle' | 'loading' | 'nomatch' | 'error';


/** Spec §7 get_variation: the variation object for a complete choice, or null. */
async function fetchVariation(productId: number, choice: Choice): Promise<VariationObject | null> {
  const res = await fetch(`/api/products/${productId}/variation`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': readCsrfToken() },
    body: JSON.stringify({ attributes: toAttributeFields(choice) }),
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`variation lookup answered ${res.status}`);
  return (await res.json()) as VariationObject | null;
}

/**
 * The variation form's state (spec §4): changing an attribute clears the variation and
 * rechecks; a complete choice is matched ("any" values match every option) against the
 * embedded variations or through the API; no match leaves no variation and a message.
 * After VARIATION_FORM_INIT_DELAY_MS the form is initialised: from then on the URL carries
 * the choice (history.replaceState, keeping the router's history state) and the page hears
 * of every variation change.
 */
export function useVariationForm(o: VariationFormOptions) {
  const { productId, attributes, variations } = o;
  const [choice, setChoiceState] = useState<Choice>(o.initialChoice);
  // The choice as the last change left it, before React has rendered it: two changes in one
  // task (held ones replayed once the code is there, ui/held-events.ts) each build on the last.
  const latest = useRef(choice);
  const setChoice = useCallback((next: Choice) => {
    latest.current = next;
    setChoiceState(next);
  }, []);
  const [variation, setVariation] = useState<VariationObject | null>(o.initialVariation);
  const [status, setStatus] = useState<VariationStatus>(() => (isComplete(attributes, o.initialChoice) && !o.initialVariation ? 'nomatch' : 'idle'));
  const [ready, setReady] = useState(false);
  const cache = useRef(new Map<string, VariationObject | null>());
  const ticket = useRef(0);
  const onChange = useRef(o.onVariationChange);
  onChange.current = o.onVariationChange;

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), VARIATION_FORM_INIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const show = useCallback((v: VariationObject | null) => {
    setVariation(v);
    setStatus(v ? 'idle' : 'nomatch');
  }, []);

  const check = useCallback((next: Choice) => {
    const mine = ++ticket.current;
    setVariation(null);
    if (!isComplete(attributes, next)) return setStatus('idle');
    if (variations) return show(findMatchingVariation(variations, next));
    const key = choiceKey(next);
    if (cache.current.has(key)) return show(cache.current.get(key)!);
    setStatus('loading');
    fetchVariation(productId, next).then(
      (v) => {
        cache.current.set(key, v);
        if (mine === ticket.current) show(v);
      },
      () => {
        if (mine === ticket.current) setStatus('error');
      },
    );
  }, [attributes, variations, productId, show]);

  const choose = useCallback((slug: string, value: string) => {
    const next = { ...latest.current, [slug]: value };
    setChoice(next);
    check(next);
  }, [check, setChoice]);

  const reset = useCallback(() => {
    const empty = Object.fromEntries(attributes.map((a) => [a.slug, '']));
    setChoice(empty);
    check(empty);
  }, [attributes, check, setChoice]);

  const syncUrl = o.syncUrl ?? true;
  useEffect(() => {
    if (!ready || !syncUrl) return;
    const { pathname, search, hash } = window.location;
    const nextSearch = searchWithChoice(search, choice);
    if (nextSearch !== search) window.history.replaceState(window.history.state, '', `${pathname}${nextSearch}${hash}`);
  }, [ready, choice, syncUrl]);

  useEffect(() => {
    if (ready) onChange.current?.(variation);
  }, [ready, variation]);

  // Without scripts nothing re-renders as the shopper picks, so the server's HTML only
  // disables values no variation offers at all; the current choice counts once hydrated.
  const hydrated = useHydrated();
  const disabled = useMemo(() => disabledValues(attributes, o.combos, hydrated ? choice : {}), [attributes, o.combos, choice, hydrated]);
  return { attributes, choice, variation, status, ready, disabled, choose, reset, complete: isComplete(attributes, choice) };
}

export type VariationFormState = ReturnType<typeof useVariationForm>;

export interface VariationFieldsProps {
  form: VariationFormState;
  /** Where the "Clear" link goes without scripts: the product page without a choice. */
  productUrl: string;
  reselectClears: boolean;
  priceFormat: PriceFormat;
}

/**
 * The controls (one select or swatch group per attribute), the "Clear" link (visible only
 * while something is chosen) and the chosen variation's details in a polite live region.
 */
export function VariationFields({ form, productUrl, reselectClears, priceFormat }: VariationFieldsProps) {
  const chosen = anyChosen(form.choice);
  return (
    <>
      <div className="variations" data-ready={form.ready ? 'true' : undefined}>
        {form.attributes.map((a) => (
          <AttributeControl
            key={a.slug}
            attribute={a}
            value={form.choice[a.slug] ?? ''}
            disabled={form.disabled[a.slug] ?? new Set()}
            reselectClears={reselectClears}
            onChange={(v) => form.choose(a.slug, v)}
          />
        ))}
        <a
          href={productUrl}
          // Hidden with visibility, not removed, so the layout does not jump when it appears.
          className={`reset-variations${chosen ? '' : ' is-hidden'}`}
          onClick={(e) => {
            e.preventDefault();
            form.reset();
          }}
        >
          {t('product.clear')}
        </a>
      </div>
      <div className="single-variation" aria-live="polite" aria-busy={form.status === 'loading'}>
        {form.status === 'nomatch' ? <p className="variation-message">{t('product.noMatch')}</p> : null}
        {form.status === 'error' ? <p className="variation-message">{t('product.variationFailed')}</p> : null}
        {form.variation ? <VariationDetails variation={form.variation} priceFormat={priceFormat} /> : null}
      </div>
    </>
  );
}

/** Price, availability, description, SKU, weight and dimensions of the chosen variation. */
export function VariationDetails({ variation: v, priceFormat }: { variation: VariationObject; priceFormat: PriceFormat }) {
  const prices = { regular: v.display_regular_price, sale: v.on_sale ? v.display_price : null, min: v.display_price, max: v.display_price };
  return (
    <div className="variation-details" data-variation-id={v.variation_id}>
      {v.variation_description ? <div className="variation-details__description" dangerouslySetInnerHTML={{ __html: v.variation_description }} /> : null}
      {v.display_price !== null ? (
        <p className="variation-details__price">
          <Price product={{ type: 'simple', prices, onSale: v.on_sale }} format={priceFormat} />
        </p>
      ) : null}
      {v.availability_text ? <p className={`stock stock--${v.stock_status}`}>{v.availability_text}</p> : null}
      {!v.variation_is_visible ? <p className="variation-message">{t('product.unavailable')}</p> : null}
      <dl className="variation-details__meta">
        {v.sku ? (
          <div>
            <dt>{t('product.skuLabel')}</dt> <dd className="variation-details__sku">{v.sku}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('product.weightLabel')}</dt> <dd>{v.weight_html}</dd>
        </div>
        <div>
          <dt>{t('product.dimensionsLabel')}</dt> <dd>{v.dimensions_html}</dd>
        </div>
      </dl>
    </div>
  );
}
