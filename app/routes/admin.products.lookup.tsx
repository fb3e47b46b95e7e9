import type { LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { lookupProducts } from '../features/catalog-admin/product-links.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { idFromText } from '../lib/validate.ts';

/*
 * The product pickers' search (upsells, cross-sells, grouped children) as JSON:
 * GET /admin/products/lookup?q=&kind=&exclude=<id>. Shop managers and administrators.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const exclude = (params.get('exclude') ?? '')
    .split(',')
    .map((s) => idFromText(s))
    .filter((n): n is number => n !== null);
  const products = await lookupProducts(context.services.db, String(params.get('q') ?? ''), { kind: kind === 'grouped' ? 'grouped' : undefined, exclude });
  return Response.json({ products }, { headers: { 'cache-control': 'no-store' } });
}
