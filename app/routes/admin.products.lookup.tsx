import type { LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { lookupProducts } from '../features/catalog-admin/product-links.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { lookupVariations } from '../features/catalog-admin/variation-lookup.server.ts';
import { idFromText } from '../lib/validate.ts';

/*
 * The product pickers' search (upsells, cross-sells, grouped children, coupons) as JSON:
 * GET /admin/products/lookup?q=&kind=&exclude=<id>&variations=1&excludeVariations=<id>.
 * Shop managers and administrators.
 */
const idsParam = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => idFromText(s))
    .filter((n): n is number => n !== null);

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const q = String(params.get('q') ?? '');
  const { db } = context.services;
  const products = await lookupProducts(db, q, { kind: kind === 'grouped' ? 'grouped' : undefined, exclude: idsParam(params.get('exclude')) });
  const headers = { 'cache-control': 'no-store' };
  if (params.get('variations') !== '1') return Response.json({ products }, { headers });
  const variations = await lookupVariations(db, q, { exclude: idsParam(params.get('excludeVariations')) });
  return Response.json({ products, variations: variations.map(({ variationOf, ...v }) => ({ ...v, productId: variationOf })) }, { headers });
}
