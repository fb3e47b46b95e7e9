import { t } from '../../../i18n/t.ts';
import { imageSources } from '../../../lib/image.ts';
import { CategoryTiles } from '../../catalog/components/category-tiles.tsx';
import { ContactFormById } from '../../forms/components/embed.tsx';
import type { BlockOf } from '../blocks.schema.ts';
import { useRender, type RenderContext } from './context.tsx';
import { EditLinks, mediaOf, rootAttrs, vars, type RendererMap } from './shared.tsx';
import { ProductGrid } from './product-grid.tsx';
import './home.css';

type Commerce = 'product-grid' | 'featured-products' | 'category-tiles' | 'contact-form' | 'hero' | 'promo' | 'benefits';

function Products({ block: b, ctx }: { block: BlockOf<'product-grid'> | BlockOf<'featured-products'>; ctx: RenderContext }) {
  const { data, format } = ctx;
  const attrs = rootAttrs(ctx, b);
  const list = data.products[b.id] ?? [];
  // Nothing to show (no products on sale, an empty category): the block is left out.
  if (!list.length) return null;
  const p = b.props;
  const headingId = `h-${b.id}`;
  const cols = vars({ '--cols-l': p.columns.large, '--cols-m': p.columns.medium, '--cols-s': p.columns.small });
  return (
    <section {...attrs} className="section home-section block-products" aria-labelledby={p.title ? headingId : undefined}>
      <EditLinks block={b} />
      {p.title || p.more ? (
        <div className="section__head">
          {p.title ? <h2 id={headingId}>{p.title}</h2> : null}
          {p.more ? (
            <a href={p.more.href} className="home-section__more">
              {p.more.label}
            </a>
          ) : null}
        </div>
      ) : null}
      <ProductGrid products={list} format={format} style={cols} />
    </section>
  );
}

const ICONS: Record<BlockOf<'benefits'>['props']['items'][number]['icon'], string> = {
  truck: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18.5a1.5 1.5 0 1 0 0-.01M17 18.5a1.5 1.5 0 1 0 0-.01',
  return: 'M4 10h11a5 5 0 0 1 0 10H9M4 10l4-4M4 10l4 4',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  chat: 'M4 5h16v11H9l-5 4z',
};

function Hero({ block: b, ctx }: { block: BlockOf<'hero'>; ctx: RenderContext }) {
  const { data } = ctx;
  const attrs = rootAttrs(ctx, b);
  const p = b.props;
  const own = mediaOf(ctx, p.image?.mediaId, 800);
  const fromCategory = data.categoryImages[b.id];
  const img = own ?? (fromCategory ? imageSources(fromCategory.path, fromCategory.widths, 800) : null);
  const first = data.h1Hero === b.id;
  const Title = first ? 'h1' : 'h2';
  const headingId = `h-${b.id}`;
  return (
    <section {...attrs} className={`home-hero${img ? ' home-hero--image' : ''}`} aria-labelledby={headingId}>
      <EditLinks block={b} />
      <div className="home-hero__text">
        {p.eyebrow ? <p className="home-eyebrow">{p.eyebrow}</p> : null}
        <Title id={headingId}>{p.title}</Title>
        {p.text ? <p className="home-hero__lead">{p.text}</p> : null}
        <p className="home-hero__actions">
          <a className="button home-hero__cta" href={p.cta.href}>
            {p.cta.label}
          </a>
          {p.secondary ? (
            <a className="button button--ghost home-hero__secondary" href={p.secondary.href}>
              {p.secondary.label}
            </a>
          ) : null}
        </p>
      </div>
      {img ? (
        // The largest picture at the top of the page: loaded first, its box reserved.
        <img
          className="home-hero__image"
          src={img.src}
          srcSet={img.srcSet}
          sizes="(max-width: 849px) 100vw, 560px"
          alt={p.image?.alt ?? ''}
          width={800}
          height={600}
          fetchPriority={first ? 'high' : undefined}
          loading={first ? undefined : 'lazy'}
        />
      ) : null}
    </section>
  );
}

export const COMMERCE_RENDERERS: RendererMap<Commerce> = {
  'product-grid': Products,
  'featured-products': Products,
  'category-tiles': ({ block: b, ctx }) => {
    const { data } = ctx;
    const attrs = rootAttrs(ctx, b);
    const list = data.categories[b.id] ?? [];
    if (!list.length) return null;
    const headingId = `h-${b.id}`;
    return (
      <section {...attrs} className="section home-section block-categories" aria-labelledby={b.props.title ? headingId : undefined}>
        <EditLinks block={b} />
        {b.props.title ? <h2 id={headingId}>{b.props.title}</h2> : null}
        <CategoryTiles categories={list} />
      </section>
    );
  },
  'contact-form': ({ block: b, ctx }) => {
    const headingId = `h-${b.id}`;
    return (
      <section {...rootAttrs(ctx, b)} className="block-form" aria-labelledby={b.props.title ? headingId : undefined}>
        <EditLinks block={b} />
        {b.props.title ? <h2 id={headingId}>{b.props.title}</h2> : null}
        <FormOrMissing id={b.props.formId} />
      </section>
    );
  },
  hero: Hero,
  promo: ({ block: b, ctx }) => {
    const p = b.props;
    const headingId = `h-${b.id}`;
    return (
      <section {...rootAttrs(ctx, b)} className="home-promo" aria-labelledby={headingId}>
        <EditLinks block={b} />
        <div>
          {p.eyebrow ? <p className="home-eyebrow">{p.eyebrow}</p> : null}
          <h2 id={headingId}>{p.title}</h2>
          {p.text ? <p>{p.text}</p> : null}
        </div>
        <a className="button home-promo__cta" href={p.cta.href}>
          {p.cta.label}
        </a>
      </section>
    );
  },
  benefits: ({ block: b, ctx }) => (
    <div {...rootAttrs(ctx, b)} className="block-benefits">
      <EditLinks block={b} />
      <ul className="home-benefits">
        {b.props.items.map((item) => (
          <li key={item.title}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
              <path d={ICONS[item.icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
            </svg>
            <div>
              <strong>{item.title}</strong>
              {item.text ? <span>{item.text}</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  ),
};

function FormOrMissing({ id }: { id: number }) {
  const { forms } = useRender();
  return forms[id] ? <ContactFormById id={id} /> : <p className="block-form__missing">{t('pages.formMissing')}</p>;
}
