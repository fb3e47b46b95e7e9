import type { Route } from './+types/home';
import { getSettings } from '../features/admin/settings.server.ts';
import { featuredProducts, newestProducts, topCategories } from '../features/catalog/catalog.server.ts';
import { ProductCard } from '../features/catalog/components/product-card.tsx';
import { CategoryTiles } from '../features/catalog/components/category-tiles.tsx';
import { t } from '../i18n/t.ts';
import '../features/catalog/catalog.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [settings, featured, newest, categories] = await Promise.all([
    getSettings(db),
    featuredProducts(db, 6),
    newestProducts(db, 6),
    topCategories(db, 8),
  ]);
  return { settings, featured, newest, categories, origin: context.origin };
}

export function meta({ data }: Route.MetaArgs) {
  const store = data?.settings.storeName ?? 'Vitrine';
  return [
    { title: t('home.title', { store }) },
    { name: 'description', content: t('home.description', { store }) },
    { tagName: 'link', rel: 'canonical', href: `${data?.origin ?? ''}/` },
    { property: 'og:title', content: t('home.title', { store }) },
    { property: 'og:type', content: 'website' },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, featured, newest, categories } = loaderData;
  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t('home.hero')}</h1>
        <p>{t('home.heroText')}</p>
        <a className="button" href="/shop">
          {t('home.heroCta')}
        </a>
      </section>
      {categories.length > 0 ? (
        <section className="section" aria-labelledby="home-categories">
          <h2 id="home-categories">{t('home.categories')}</h2>
          <CategoryTiles
            categories={categories.map((c) => ({
              id: c.id,
              name: c.name,
              path: c.path,
              count: c.product_count,
              image: c.image_path ? { path: c.image_path, widths: c.image_widths ?? '[]' } : null,
            }))}
          />
        </section>
      ) : null}
      <section className="section" aria-labelledby="home-featured">
        <h2 id="home-featured">{t('home.featured')}</h2>
        {featured.length === 0 ? <p>{t('home.empty')}</p> : null}
        <ul className="product-grid">
          {featured.map((p, i) => (
            <ProductCard key={p.id} product={p} format={settings} eager={i < 3} />
          ))}
        </ul>
      </section>
      {newest.length > 0 ? (
        <section className="section" aria-labelledby="home-newest">
          <h2 id="home-newest">{t('home.newest')}</h2>
          <ul className="product-grid">
            {newest.map((p) => (
              <ProductCard key={p.id} product={p} format={settings} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
