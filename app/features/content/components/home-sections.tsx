import type { PriceFormat } from '../../../lib/money.ts';
import { imageSources } from '../../../lib/image.ts';
import { ProductCard } from '../../catalog/components/product-card.tsx';
import { CategoryTiles } from '../../catalog/components/category-tiles.tsx';
import type { HomeBlock } from '../home-layout.server.ts';
import '../home.css';

/** The home page: each section of the layout by its own component, in the layout's order. */
export function HomeSections({ blocks, format, storeName }: { blocks: HomeBlock[]; format: PriceFormat; storeName: string }) {
  let productRows = 0;
  return (
    <>
      {/* The page's h1 is the title of a hero at the top, else the store's name for screen readers. */}
      {blocks[0]?.type === 'hero' ? null : <h1 className="visually-hidden">{storeName}</h1>}
      {blocks.map((b, i) => {
        const id = `home-${i}`;
        switch (b.type) {
          case 'hero':
            return <Hero key={id} id={id} block={b} first={i === 0} />;
          case 'benefits':
            return <Benefits key={id} block={b} />;
          case 'categories':
            return (
              <section key={id} className="section home-section" aria-labelledby={id}>
                <h2 id={id}>{b.title}</h2>
                <CategoryTiles categories={b.categories} />
              </section>
            );
          case 'products': {
            // The first row of products is likely in view: its first images load at once.
            const eager = productRows++ === 0 && i < 3;
            return (
              <section key={id} className="section home-section" aria-labelledby={id}>
                <div className="section__head">
                  <h2 id={id}>{b.title}</h2>
                  {b.more ? <a href={b.more.href} className="home-section__more">{b.more.label}</a> : null}
                </div>
                <ul className={`product-grid${b.columns === 4 ? ' product-grid--4' : ''}`}>
                  {b.products.map((p, n) => (
                    <ProductCard key={p.id} product={p} format={format} eager={eager && n < 3} />
                  ))}
                </ul>
              </section>
            );
          }
          case 'promo':
            return (
              <section key={id} className="home-promo" aria-labelledby={id}>
                <div>
                  {b.eyebrow ? <p className="home-eyebrow">{b.eyebrow}</p> : null}
                  <h2 id={id}>{b.title}</h2>
                  {b.text ? <p>{b.text}</p> : null}
                </div>
                <a className="button home-promo__cta" href={b.cta.href}>{b.cta.label}</a>
              </section>
            );
        }
      })}
    </>
  );
}

function Hero({ id, block: b, first }: { id: string; block: Extract<HomeBlock, { type: 'hero' }>; first: boolean }) {
  const Title = first ? 'h1' : 'h2';
  const img = b.image ? imageSources(b.image.path, b.image.widths, 800) : null;
  return (
    <section className={`home-hero${img ? ' home-hero--image' : ''}`} aria-labelledby={id}>
      <div className="home-hero__text">
        {b.eyebrow ? <p className="home-eyebrow">{b.eyebrow}</p> : null}
        <Title id={id}>{b.title}</Title>
        {b.text ? <p className="home-hero__lead">{b.text}</p> : null}
        <p className="home-hero__actions">
          <a className="button home-hero__cta" href={b.cta.href}>{b.cta.label}</a>
          {b.secondary ? <a className="button button--ghost home-hero__secondary" href={b.secondary.href}>{b.secondary.label}</a> : null}
        </p>
      </div>
      {img ? (
        // The largest picture at the top of the page: loaded first, its box reserved.
        <img className="home-hero__image" src={img.src} srcSet={img.srcSet} sizes="(max-width: 849px) 100vw, 560px" alt="" width={800} height={600} fetchPriority="high" />
      ) : null}
    </section>
  );
}

const ICONS: Record<Extract<HomeBlock, { type: 'benefits' }>['items'][number]['icon'], string> = {
  truck: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18.5a1.5 1.5 0 1 0 0-.01M17 18.5a1.5 1.5 0 1 0 0-.01',
  return: 'M4 10h11a5 5 0 0 1 0 10H9M4 10l4-4M4 10l4 4',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  chat: 'M4 5h16v11H9l-5 4z',
};

function Benefits({ block }: { block: Extract<HomeBlock, { type: 'benefits' }> }) {
  return (
    <ul className="home-benefits">
      {block.items.map((item) => (
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
  );
}
