import { CsrfField } from '../../account/components/form-parts.tsx';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../../i18n/t-wishlist.ts';
import { useHeart, type HeartChoice } from '../client/use-heart.ts';

const loadPopup = () => import('./wishlist-popup.tsx');
const AddPopup = lazy(() => loadPopup().then((m) => ({ default: m.AddToWishlistPopup })));

export interface HeartProps {
  productId: number;
  productName: string;
  /** The purchase form whose chosen variation and attributes the heart adds (product page). */
  formId?: string;
  className?: string;
}

/** The chosen variation and attributes from the product's purchase form, if any. */
function choiceFrom(formId: string | undefined): HeartChoice {
  const form = formId ? (document.getElementById(formId) as HTMLFormElement | null) : null;
  if (!form) return {};
  const data = new FormData(form);
  const variationId = Number(data.get('variationId') ?? data.get('variation_id'));
  const attributes: Record<string, string> = {};
  for (const [k, v] of data.entries()) if (k.startsWith('attribute_') && typeof v === 'string' && v) attributes[k] = v;
  return { ...(variationId > 0 ? { variationId } : {}), ...(Object.keys(attributes).length ? { attributes } : {}) };
}

/**
 * The heart on product boxes, the quick view and the product page: idle → loading → added.
 * Without scripts it is a form post that adds to the default list and comes back here. With
 * scripts it adds in one click, or opens the add popup when there are lists to choose among
 * (`useHeart`).
 */
export function WishlistHeart({ productId, productName, formId, className }: HeartProps) {
  const location = useLocation();
  const { status, inList, multiple, popup, press, closePopup, added } = useHeart(productId);
  const here = `${location.pathname}${location.search}`;

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void press(choiceFrom(formId));
  };

  const label = status === 'loading' ? t('wishlist.heartLoading', { name: productName }) : inList ? t('wishlist.heartIn', { name: productName }) : t('wishlist.heartAdd', { name: productName });
  return (
    <>
      <form method="post" action="/wishlist" className={`wishlist-heart ${className ?? ''}`} data-state={inList ? 'added' : status} onSubmit={submit}>
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirect" value={here} />
        <button type="submit" className="wishlist-heart__button" aria-label={label} aria-pressed={inList} aria-busy={status === 'loading'} onMouseEnter={multiple ? () => void loadPopup() : undefined}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" stroke="currentColor" strokeWidth="2" fill={inList ? 'currentColor' : 'none'} />
          </svg>
        </button>
      </form>
      {popup ? (
        <Suspense fallback={null}>
          <AddPopup productId={productId} productName={productName} choice={popup} onClose={closePopup} onAdded={added} />
        </Suspense>
      ) : null}
    </>
  );
}
