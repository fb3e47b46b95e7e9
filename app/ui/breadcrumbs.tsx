import { island } from './island.tsx';

export interface Crumb {
  name: string;
  href?: string;
}

/**
 * Visible breadcrumb trail plus its schema.org BreadcrumbList (breadcrumbs.lazy.tsx). Plain
 * links: an island, its code loads only when the shopper reaches into it or the browser is idle.
 */
export const Breadcrumbs = island<{ items: Crumb[]; origin: string }>(() => import('./breadcrumbs.lazy.tsx'), ['interaction', 'idle']);

/** Structured data; `<` is escaped so the text can never close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
  );
}
