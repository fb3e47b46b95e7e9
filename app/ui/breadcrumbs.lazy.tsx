import { t } from '../i18n/t.ts';
import { JsonLd, type Crumb } from './breadcrumbs.tsx';

/** Visible breadcrumb trail plus its schema.org BreadcrumbList. */
export default function Breadcrumbs({ items, origin }: { items: Crumb[]; origin: string }) {
  const all: Crumb[] = [{ name: t('nav.home'), href: '/' }, ...items];
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.href ? { item: `${origin}${c.href}` } : {}),
    })),
  };
  return (
    <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}>
      <ol>
        {all.map((c, i) => (
          <li key={i}>
            {c.href && i < all.length - 1 ? <a href={c.href}>{c.name}</a> : <span aria-current="page">{c.name}</span>}
          </li>
        ))}
      </ol>
      <JsonLd data={jsonLd} />
    </nav>
  );
}
