import { useCallback, useState } from 'react';
import type { MetaDescriptor } from 'react-router';
import { Breadcrumbs, JsonLd } from '../../../ui/breadcrumbs.tsx';
import { plural, t } from '../../../i18n/t.ts';
import type { ListingPageData } from '../listing-page.server.ts';
import { OrderingForm } from './ordering.tsx';
import { PriceFilter, query } from './price-filter.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-grid.tsx';
import { CategoryTiles } from './category-tiles.tsx';
import { SearchFacets } from './facets.tsx';
import { ProductCard } from './product-card.tsx';
import { filterParams } from '../listing.schema.ts';
import { imageSources } from '../../../lib/image.ts';

/** Title, description, canonical (sort and filter variants point at the plain listing), Open Graph. */
export function listingMeta(data: ListingPageData | undefined): MetaDescriptor[] {
  if (!data) return [{ title: t('error.notFoundTitle') }];
  const store = data.settings.storeName;
  const page = data.listing.page;
  const title = page > 1 ? t('shop.metaTitlePage', { title: data.title, page, store }) : t('shop.metaTitle', { title: data.title, store });
  const plain = stripHtml(data.description);
  const description = plain || (data.kind === 'category'
    ? plural('shop.categoryDescription', data.listing.total, { name: data.title, store })
    : plural('shop.description', data.listing.total, { store }));
  const canonical = `${data.origin}${data.basePath}${page > 1 ? `?page=${page}` : ''}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description.slice(0, 300) },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description.slice(0, 300) },
    { property: 'og:type', content: 'website' },
    // Open Graph wants an absolute URL: left out when the shop has no trusted origin.
    ...(data.origin ? [{ property: 'og:url', content: canonical }] : []),
  ];
  if (data.query.s) meta.push({ name: 'robots', content: 'noindex, follow' });
  return meta;
}

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export function ListingPage({ data }: { data: ListingPageData }) {
  const { listing, query: q, settings, basePath } = data;
  // Attribute filters (search facets) are kept by the sort, the price filter and the pages.
  const filters = filterParams(q.filters ?? {});
  const keepForSort: Record<string, string> = { ...filters };
  const keepForFilter: Record<string, string> = { ...filters };
  for (const k of ['min_price', 'max_price', 's'] as const) if (q[k] !== undefined) keepForSort[k] = String(q[k]);
  if (q.orderby) keepForFilter.orderby = q.orderby;
  if (q.s) keepForFilter.s = q.s;
  const filterKey = JSON.stringify(filters);
  const pageHref = useCallback(
    (page: number) =>
      `${basePath}${query({ orderby: q.orderby, min_price: q.min_price, max_price: q.max_price, s: q.s, ...(JSON.parse(filterKey) as Record<string, string>), page: page > 1 ? page : undefined })}`,
    [basePath, q.orderby, q.min_price, q.max_price, q.s, filterKey],
  );
  const parentPath = data.kind === 'category' ? basePath.replace(/\/[^/]+$/, '').replace(/^\/product-category$/, '/shop') : null;
  const gridKey = `${basePath}|${data.apiQuery}`;
  const headImage = data.image ? imageSources(data.image.path, data.image.widths, 400) : null;
  // Infinite scroll adds pages below this one: the count and the pagination follow what the grid shows.
  const [shown, setShown] = useState<{ key: string; count: number; last: number } | null>(null);
  const onShown = useCallback((count: number, last: number) => setShown({ key: gridKey, count, last }), [gridKey]);
  const from = (listing.page - 1) * listing.perPage + 1;
  const showing = shown?.key === gridKey ? shown.count : listing.products.length;
  const lastShown = shown?.key === gridKey ? shown.last : listing.page;
  const to = Math.min(listing.total, from + Math.max(showing, 1) - 1);
  const count =
    listing.total === 1
      ? t('shop.resultSingle')
      : listing.total <= listing.perPage
        ? t('shop.resultAll', { total: listing.total })
        : t('shop.resultRange', { from, to, total: listing.total });
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: listing.products.map((p, i) => ({ '@type': 'ListItem', position: from + i, url: `${data.origin}${p.url}`, name: p.name })),
  };
  return (
    <div className="container listing">
      <Breadcrumbs items={data.crumbs} origin={data.origin} />
      <header className={`listing__head${headImage ? ' listing__head--image' : ''}`}>
        <div>
          <h1>{data.title}</h1>
          {/* Category descriptions are sanitised when saved. */}
          {data.description ? <div className="listing__description" dangerouslySetInnerHTML={{ __html: data.description }} /> : null}
        </div>
        {headImage ? <img className="listing__image" src={headImage.src} srcSet={headImage.srcSet} sizes="(max-width: 549px) 100vw, 320px" alt={data.image?.alt ?? ''} width={400} height={300} /> : null}
      </header>
      {data.subcategories.length > 0 ? (
        <section aria-labelledby="subcats" className="listing__subcats">
          <h2 id="subcats" className="visually-hidden">
            {t('shop.subcategories')}
          </h2>
          <CategoryTiles categories={data.subcategories} />
        </section>
      ) : null}
      <div className="listing__layout">
        <aside className="listing__sidebar">
          {listing.bounds && listing.bounds.max > listing.bounds.min ? (
            <PriceFilter
              key={`${basePath}|${q.min_price}|${q.max_price}|${filterKey}`}
              bounds={listing.bounds}
              current={{ min: q.min_price, max: q.max_price }}
              format={settings}
              keep={keepForFilter}
              action={basePath}
              step={settings.priceFilterStep}
            />
          ) : null}
          {listing.facets ? (
            <SearchFacets
              facets={listing.facets}
              basePath={basePath}
              parentPath={parentPath}
              keep={{ s: q.s, orderby: q.orderby, min_price: q.min_price?.toString(), max_price: q.max_price?.toString() }}
              filters={q.filters ?? {}}
            />
          ) : null}
        </aside>
        <div className="listing__main">
          <div className="listing__toolbar">
            <p className="result-count" role="status">
              {count}
            </p>
            <OrderingForm key={q.orderby ?? 'menu_order'} value={q.orderby ?? 'menu_order'} keep={keepForSort} />
          </div>
          {listing.total === 0 ? (
            <>
              <p className="notice">{t('shop.none')}</p>
              {listing.didYouMean ? (
                <p className="did-you-mean">
                  {t('shop.didYouMean')} <a href={`${basePath}${query({ s: listing.didYouMean })}`}>{listing.didYouMean}</a>?
                </p>
              ) : null}
              {listing.popular?.length ? (
                <section className="search-popular" aria-labelledby="search-popular">
                  <h2 id="search-popular">{t('shop.popular')}</h2>
                  <ul className="product-grid">
                    {listing.popular.map((p) => (
                      <ProductCard key={p.id} product={p} format={settings} />
                    ))}
                  </ul>
                </section>
              ) : null}
            </>
          ) : (
            <ProductGrid
              key={gridKey}
              onShown={onShown}
              products={listing.products}
              page={listing.page}
              pages={listing.pages}
              format={settings}
              apiQuery={data.apiQuery}
              pageHref={pageHref}
            />
          )}
          {/* Once scrolling has brought every page into the grid there is nowhere left to go; before, it goes on from the last page loaded. */}
          {!(lastShown > listing.page && lastShown >= listing.pages) ? <Pagination page={lastShown} pages={listing.pages} href={pageHref} /> : null}
        </div>
      </div>
      <JsonLd data={itemList} />
    </div>
  );
}
