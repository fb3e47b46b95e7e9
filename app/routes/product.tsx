import { useCallback, useState } from 'react';
import type { Route } from './+types/product';
import { getSettings } from '../features/settings/settings.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';
import { publicSettings } from '../features/settings/public-settings.ts';
import { findProduct } from '../features/catalog/product.server.ts';
import { categoryByPath } from '../features/catalog/categories.server.ts';
import { productJsonLd } from '../features/catalog/product-jsonld.ts';
import { Price } from '../features/catalog/components/price.tsx';
import { Stars } from '../features/catalog/components/stars.tsx';
import { productFormData } from '../features/product/variation.server.ts';
import { productHeartText } from '../features/wishlist/product-heart.server.ts';
import { loadReviews } from '../features/product/reviews.server.ts';
import { pageParam } from '../features/product/reviews.schema.ts';
import { productRecommendations } from '../features/product/related.server.ts';
import type { VariationObject } from '../features/product/variations.ts';
import { choiceFromSearch } from '../features/product/choice.ts';
import { pageText } from '../features/product/page-text.ts';
import { Gallery } from '../features/product/components/gallery.tsx';
import { AddToCartForm } from '../features/product/components/add-to-cart-form.tsx';
import { ProductTabs, showReviews, wantsReviews, type TabDef, type TabId } from '../features/product/components/product-tabs.tsx';
import { ReviewsSection } from '../features/product/components/reviews-section.tsx';
import { AdditionalInformation, ProductMeta, hasAdditionalInformation } from '../features/product/components/product-meta.tsx';
import { RelatedProducts } from '../features/product/components/related-products.tsx';
import { ProductStickyBar } from '../features/product/components/sticky-bar.tsx';
import { Breadcrumbs, JsonLd } from '../ui/breadcrumbs.tsx';
import { t } from '../i18n/t.ts';
import type { RouteHandle } from '../root.tsx';
import '../features/catalog/catalog.css';
import '../features/product/product-page.css';

/** The purchase form's wrapper (the sticky bar appears past it) and the form itself. */
const PURCHASE_ID = 'product-purchase';
const FORM_ID = 'product-cart-form';

/*
 * React starts once the browser is idle after the load, or at the shopper's first touch (see
 * app/entry.client.tsx): the page's first JavaScript holds no React DOM client. What the
 * shopper does before — a variation picked, "Add to cart" pressed — is held and done again
 * once React runs (ui/hydration-trigger.ts), so it takes the scripted path.
 */
export const handle: RouteHandle = { hydrate: 'idle' };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db } = context.services;
  // A direct link still opens a product hidden from the catalog; drafts and private ones are 404.
  const [product, settings, trusted] = await Promise.all([findProduct(db, params.slug, { allowHidden: true }), getSettings(db), trustedOrigin(context.services, context.requestOrigin)]);
  if (!product || product.slug !== params.slug) throw new Response('Not Found', { status: 404 });
  const url = new URL(request.url);
  // Without a trusted origin, links in the page are paths (and the Open Graph URLs, which must be absolute, are left out).
  const origin = trusted ?? '';
  const primary = product.categories[0];
  const [form, { related, upsells }, reviews, trail, owner] = await Promise.all([
    // The embedding limit is a store setting once the admin offers it; the constant otherwise.
    productFormData(db, product, { maxEmbeddedVariations: (settings as { maxEmbeddedVariations?: number }).maxEmbeddedVariations }, url.searchParams),
    productRecommendations(db, product),
    loadReviews(db, product.id, pageParam(url.searchParams.get('cpage')), { viewerId: context.user?.id ?? null }),
    primary ? categoryByPath(db, primary.path) : null,
    // The live chat asks for this vendor's operators on its pages (spec §3 vendor_id).
    db.selectFrom('products').select('vendor_id').where('id', '=', product.id).executeTakeFirst(),
  ]);
  // Breadcrumbs: the first category with its ancestors, by name.
  const crumbs = trail ? [...trail.ancestors, { name: trail.category.name, path: trail.category.path }].map((c) => ({ name: c.name, href: `/product-category/${c.path}` })) : [];
  // The variations travel in `form` (all of them only up to the embedding limit): the JSON-LD
  // offers are worked out here so the page data does not carry every variation twice.
  const { variations: _all, ...shown } = product;
  return {
    product: shown,
    crumbs: [...crumbs, { name: product.name }],
    form: { ...form, wishlistHeart: productHeartText(product.name) },
    related,
    upsells,
    reviews,
    jsonLd: productJsonLd(product, origin, settings.currency),
    initialTab: (wantsReviews({ hash: '', search: url.search, pathname: url.pathname }) ? 'reviews' : 'description') as TabId,
    settings: publicSettings(settings),
    origin,
    vendorId: owner?.vendor_id ?? 0,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: t('error.notFoundTitle') }];
  const { product, settings, origin } = data;
  const description = product.shortDescription.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300);
  return [
    { title: `${product.name} — ${settings.storeName}` },
    { name: 'description', content: description || product.name },
    { tagName: 'link', rel: 'canonical', href: `${origin}${product.url}` },
    { property: 'og:title', content: product.name },
    { property: 'og:type', content: 'product' },
    ...(origin ? [{ property: 'og:url', content: `${origin}${product.url}` }] : []),
    ...(origin && product.images[0] ? [{ property: 'og:image', content: `${origin}${product.images[0].fullSrc}` }] : []),
    ...(product.catalogVisibility === 'hidden' ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, crumbs, form, related, upsells, reviews, jsonLd, initialTab, settings, origin, vendorId } = loaderData;
  const [variation, setVariation] = useState<VariationObject | null>(form.initialVariation);
  const [choice, setChoice] = useState(form.initialChoice);
  const [tab, setTab] = useState<TabId>(initialTab);
  // The form has already written the choice into the address when it reports a variation.
  const onVariationChange = useCallback(
    (v: VariationObject | null) => {
      setVariation(v);
      setChoice(choiceFromSearch(window.location.search, form.attributes));
    },
    [form.attributes],
  );
  const count = reviews.summary.count;
  const info = { attributes: product.attributes, weight: product.weight, dimensions: product.dimensions };
  const tabs: TabDef[] = [
    ...(product.description ? [{ id: 'description' as const, title: pageText.description, content: <div className="product-description" dangerouslySetInnerHTML={{ __html: product.description }} /> }] : []),
    ...(hasAdditionalInformation(info) ? [{ id: 'additional_information' as const, title: pageText.additional, content: <AdditionalInformation {...info} variation={variation} /> }] : []),
    {
      id: 'reviews',
      title: pageText.reviews(count),
      ownHeading: true,
      content: <ReviewsSection productId={product.id} productSlug={product.slug} summary={reviews.summary} initial={reviews.initial} open={reviews.open} verifiedOnly={reviews.verifiedOnly} />,
    },
  ];

  return (
    <div className="container product-page" data-chat-vendor={vendorId || undefined}>
      <Breadcrumbs items={crumbs} origin={origin} />
      <div className="product-page__top">
        <Gallery images={product.images} variationImage={variation?.image ?? null} name={product.name} />
        <div className="product-page__summary">
          <h1 className="product-page__title">{product.name}</h1>
          {count > 0 ? (
            <p className="product-page__rating">
              <Stars rating={reviews.summary.average} />
              <a
                className="review-link"
                href="#reviews"
                onClick={(e) => {
                  e.preventDefault();
                  showReviews(setTab, { focus: true });
                }}
              >
                ({pageText.reviewLink(count)})
              </a>
            </p>
          ) : null}
          <p className="product-page__price">
            <Price product={product} format={settings} />
          </p>
          {/* Sanitised when saved (catalog write side). */}
          <div className="product-page__short" dangerouslySetInnerHTML={{ __html: product.shortDescription }} />
          <div id={PURCHASE_ID} className="product-page__purchase">
            <AddToCartForm data={form} priceFormat={settings} onVariationChange={onVariationChange} formId={FORM_ID} />
          </div>
          <ProductMeta sku={product.sku} categories={product.categories} tags={product.tags} />
        </div>
      </div>
      <ProductTabs tabs={tabs} active={tab} onSelect={setTab} />
      <RelatedProducts kind="upsells" title={pageText.upsells} products={upsells} format={settings} />
      <RelatedProducts kind="related" title={pageText.related} products={related} format={settings} />
      <ProductStickyBar product={product} form={form} variation={variation} choice={choice} format={settings} targetId={PURCHASE_ID} formId={FORM_ID} />
      <JsonLd data={jsonLd} />
    </div>
  );
}
