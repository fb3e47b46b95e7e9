import type { ProductDetail } from '../../catalog/product.server.ts';
import { pageText } from '../page-text.ts';

type Props = Pick<ProductDetail, 'sku' | 'categories' | 'tags'>;

/** SKU, categories and tags under the purchase form, each category and tag linking to its listing. */
export function ProductMeta({ sku, categories, tags }: Props) {
  if (!sku && categories.length === 0 && tags.length === 0) return null;
  return (
    <div className="product-meta">
      {sku ? (
        <p>
          <span className="product-meta__label">{pageText.sku}</span> <span className="product-meta__sku">{sku}</span>
        </p>
      ) : null}
      {categories.length ? (
        <p>
          <span className="product-meta__label">{pageText.categories(categories.length)}</span>{' '}
          {categories.map((c, i) => (
            <span key={c.id}>
              {i > 0 ? ', ' : null}
              <a href={`/product-category/${c.path}`} rel="tag">
                {c.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      {tags.length ? (
        <p>
          <span className="product-meta__label">{pageText.tags(tags.length)}</span>{' '}
          {tags.map((tag, i) => (
            <span key={tag.id}>
              {i > 0 ? ', ' : null}
              <a href={`/product-tag/${tag.slug}`} rel="tag">
                {tag.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

interface InfoProps {
  attributes: Pick<ProductDetail['attributes'][number], 'name' | 'slug' | 'options' | 'visible'>[];
  weight: number | null;
  dimensions: ProductDetail['dimensions'];
  /** The chosen variation's own weight and dimensions texts, shown instead while it is chosen. */
  variation?: { weight_html: string; dimensions_html: string; weight: string; dimensions: Record<string, string> } | null;
}

const dimensionParts = (d: ProductDetail['dimensions']) => [d.length, d.width, d.height].filter((n): n is number => n !== null);

/** Whether the Additional information tab has anything to show. */
export const hasAdditionalInformation = (p: Omit<InfoProps, 'variation'>) =>
  p.weight !== null || dimensionParts(p.dimensions).length > 0 || p.attributes.some((a) => a.visible && a.options.length > 0);

/** The Additional information tab: weight, dimensions and the attributes marked visible. */
export function AdditionalInformation({ attributes, weight, dimensions, variation }: InfoProps) {
  const parts = dimensionParts(dimensions);
  const weightText = variation?.weight ? variation.weight_html : weight !== null ? pageText.weightValue(weight) : null;
  const dimensionsText = variation && Object.values(variation.dimensions).some(Boolean) ? variation.dimensions_html : parts.length ? pageText.dimensionsValue(parts) : null;
  return (
    <table className="product-attributes">
      <tbody>
        {weightText ? (
          <tr>
            <th scope="row">{pageText.weight}</th>
            <td>{weightText}</td>
          </tr>
        ) : null}
        {dimensionsText ? (
          <tr>
            <th scope="row">{pageText.dimensions}</th>
            <td>{dimensionsText}</td>
          </tr>
        ) : null}
        {attributes
          .filter((a) => a.visible && a.options.length > 0)
          .map((a) => (
            <tr key={a.slug}>
              <th scope="row">{a.name}</th>
              <td>{a.options.join(', ')}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
