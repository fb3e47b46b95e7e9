import { useId } from 'react';
import { plural, t } from '../../../i18n/t.ts';
import type { Facets } from '../facets.server.ts';
import type { AttributeFilters } from '../listing.schema.ts';
import { query } from './price-filter.tsx';

interface Props {
  facets: Facets;
  /** The listing's address (shop or category) and its category's parent listing, if any. */
  basePath: string;
  parentPath: string | null;
  /** What every link keeps: the search, sort and price filter. */
  keep: Record<string, string | undefined>;
  filters: AttributeFilters;
}

const withFilters = (filters: AttributeFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v.length).map(([k, v]) => [`filter_${k}`, [...v].sort().join(',')]));

/**
 * A search's facets: its subcategories and attribute values with how many results each
 * holds. Plain links (no scripts needed) that keep the search, sort and price filter and go
 * back to the first page: a category link opens that category's listing of the search, a
 * value link adds the value to its attribute's filter (values of one attribute are
 * alternatives) or, when chosen, removes it.
 */
export function SearchFacets({ facets, basePath, parentPath, keep, filters }: Props) {
  const id = useId();
  const active = Object.keys(filters).length > 0;
  if (!facets.categories.length && !facets.attributes.length && !active && !parentPath) return null;
  const href = (path: string, f: AttributeFilters) => `${path}${query({ ...keep, ...withFilters(f) })}`;
  const toggle = (slug: string, value: string) => {
    const now = filters[slug] ?? [];
    const next = now.includes(value) ? now.filter((v) => v !== value) : [...now, value];
    return href(basePath, { ...filters, [slug]: next });
  };
  return (
    <section className="facets" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('shop.facets')}</h2>
      {facets.categories.length || parentPath ? (
        <div className="facets__group">
          <h3 id={`${id}-cats`}>{t('shop.facetCategories')}</h3>
          <ul aria-labelledby={`${id}-cats`}>
            {parentPath ? (
              <li>
                <a href={href(parentPath, filters)} className="facets__up">
                  ‹ {t('shop.facetAnyCategory')}
                </a>
              </li>
            ) : null}
            {facets.categories.map((c) => (
              <li key={c.id}>
                <a href={href(`/product-category/${c.path}`, filters)}>
                  {c.name} <span className="facets__count" aria-hidden="true">({c.count})</span>
                  <span className="visually-hidden">, {plural('shop.facetCount', c.count)}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {facets.attributes.map((a) => (
        <div className="facets__group" key={a.slug}>
          <h3 id={`${id}-${a.slug}`}>{a.name}</h3>
          <ul aria-labelledby={`${id}-${a.slug}`}>
            {a.values.map((v) => (
              <li key={v.value}>
                <a href={toggle(a.slug, v.value)} className={`facets__value${v.selected ? ' facets__value--on' : ''}`} rel="nofollow">
                  <span className="facets__box" aria-hidden="true" />
                  {v.value} <span className="facets__count" aria-hidden="true">({v.count})</span>
                  <span className="visually-hidden">
                    , {plural('shop.facetCount', v.count)}
                    {v.selected ? `, ${t('shop.facetSelected')}` : ''}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {active ? (
        <p>
          <a href={href(basePath, {})} className="button button--ghost">
            {t('shop.facetClear')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
