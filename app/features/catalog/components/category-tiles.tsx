import { imageSources } from '../../../lib/image.ts';
import { t } from '../../../i18n/t.ts';

export interface CategoryTile {
  id: number;
  name: string;
  path: string;
  count: number;
  image: { path: string; widths: string } | null;
}

/** Category tiles with image, name and product count (home page and sub-categories). */
export function CategoryTiles({ categories }: { categories: CategoryTile[] }) {
  return (
    <ul className="category-tiles">
      {categories.map((c) => {
        const img = c.image ? imageSources(c.image.path, c.image.widths, 400) : null;
        return (
          <li key={c.id} className="category-tile">
            <a href={`/product-category/${c.path}`}>
              {img ? <img src={img.src} srcSet={img.srcSet} sizes="(max-width: 549px) 50vw, 300px" alt="" width={400} height={300} loading="lazy" /> : null}
              <span>
                {c.name}
                <small>{t('product.count', { count: c.count })}</small>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
