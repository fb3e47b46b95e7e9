import type { Route } from './+types/product';
import { getSettings } from '../features/admin/settings.server.ts';
import { findProduct } from '../features/catalog/product.server.ts';
import { productJsonLd } from '../features/catalog/product-jsonld.ts';
import { Price } from '../features/catalog/components/price.tsx';
import { Stars } from '../features/catalog/components/stars.tsx';
import { cardButton } from '../features/catalog/components/product-card.tsx';
import { Breadcrumbs, JsonLd } from '../ui/breadcrumbs.tsx';
import { t } from '../i18n/t.ts';
import '../features/catalog/catalog.css';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.services;
  // A direct link still opens a product hidden from the catalog; drafts and private ones are 404.
  const [product, settings] = await Promise.all([findProduct(db, params.slug, { allowHidden: true }), getSettings(db)]);
  if (!product || product.slug !== params.slug) throw new Response('Not Found', { status: 404 });
  return { product, settings, origin: context.origin };
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
    { property: 'og:url', content: `${origin}${product.url}` },
    ...(product.images[0] ? [{ property: 'og:image', content: `${origin}${product.images[0].fullSrc}` }] : []),
    ...(product.catalogVisibility === 'hidden' ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, settings, origin } = loaderData;
  const primary = product.categories[0];
  const crumbs = [
    ...(primary ? primary.path.split('/').map((_, i, parts) => ({ name: i === parts.length - 1 ? primary.name : parts[i], href: `/product-category/${parts.slice(0, i + 1).join('/')}` })) : []),
    { name: product.name },
  ];
  const main = product.images[0];
  const button = cardButton(product);
  return (
    <div className="container product-page">
      <Breadcrumbs items={crumbs} origin={origin} />
      <div className="product-page__top">
        <div className="product-page__gallery">
          {main ? (
            <img src={main.src} srcSet={main.srcset} sizes="(max-width: 849px) 100vw, 600px" width={main.width} height={main.height} alt={main.alt} fetchPriority="high" />
          ) : null}
          {product.images.length > 1 ? (
            <ul className="product-page__thumbs">
              {product.images.slice(1).map((img) => (
                <li key={img.id}>
                  <img src={img.thumbSrc} width={150} height={150} alt={img.alt} loading="lazy" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="product-page__summary">
          <h1>{product.name}</h1>
          {product.rating.count > 0 ? <Stars rating={product.rating.average} /> : null}
          <p className="product-page__price">
            <Price product={product} format={settings} />
          </p>
          <div dangerouslySetInnerHTML={{ __html: product.shortDescription }} />
          {product.stockStatus === 'outofstock' ? <p className="stock stock--outofstock">{t('product.outOfStock')}</p> : null}
          <p>
            <a className="button" href={button.href} rel={button.external ? 'nofollow noopener' : undefined}>
              {button.label}
            </a>
          </p>
          {product.sku ? <p className="product-page__meta">SKU: {product.sku}</p> : null}
        </div>
      </div>
      <section className="product-page__description" aria-label="Description">
        <div dangerouslySetInnerHTML={{ __html: product.description }} />
      </section>
      <JsonLd data={productJsonLd(product, origin, settings.currency)} />
    </div>
  );
}
