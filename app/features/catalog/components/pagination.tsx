import { Fragment } from 'react';
import { t } from '../../../i18n/t.ts';

/** Plain page links: what crawlers and script-free browsers follow (infinite scroll enhances them). */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const list = [...shown].sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('nav.pagination')}>
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev" aria-label={t('nav.previous')}>
              ←
            </a>
          </li>
        ) : null}
        {list.map((p, i) => (
          <Fragment key={p}>
            {/* The gap is an item of its own, sized and centred like the numbers. */}
            {i > 0 && p - list[i - 1] > 1 ? (
              <li className="pagination__gap" aria-hidden="true">
                <span>…</span>
              </li>
            ) : null}
            <li>
              {p === page ? (
                <span aria-current="page" aria-label={t('nav.page', { page: p })}>
                  {p}
                </span>
              ) : (
                <a href={href(p)} aria-label={t('nav.page', { page: p })}>
                  {p}
                </a>
              )}
            </li>
          </Fragment>
        ))}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next" aria-label={t('nav.next')}>
              →
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
