import { pageText } from '../parts-text.ts';
import { dimensionParts, type InfoProps, type MetaProps as Props } from './product-meta.tsx';

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
