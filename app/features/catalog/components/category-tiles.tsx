import { imageSources } from '../../../lib/image.ts';
import { plural } from '../../../i18n/t.ts';

export interface CategoryTile {
  id: number;
  name: string;
  path: string;
  count: number;
  image: { path: string; widths: string } | null;
  /** Sanitised rich text; the tile shows its first words as plain text. */
  description?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The first words of a description as plain text (rendered as text, never as markup). */
export function excerpt(html: string, max = 90): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** Category tiles with image, name, the description's first words and product count (home page, sub-categories, page blocks). */
export function CategoryTiles({ categories }: { categories: CategoryTile[] }) {
  return (
    <ul className="category-tiles">
      {categories.map((c) => {
        const img = c.image ? imageSources(c.image.path, c.image.widths, 400) : null;
        const text = c.description ? excerpt(c.description) : '';
        return (
          <li key={c.id} className="category-tile">
            <a href={`/product-category/${c.path}`}>
              {img ? <img src={img.src} srcSet={img.srcSet} sizes="(max-width: 549px) 50vw, 300px" alt="" width={400} height={300} loading="lazy" /> : null}
              <span>
                {c.name}
                {text ? <small className="category-tile__text">{text}</small> : null}
                <small>{plural('product.count', c.count)}</small>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
