import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { StockHistoryList } from '../features/stock/components/stock-history-list.tsx';
import { parseHistoryQuery, stockHistory } from '../features/stock/stock-history.server.ts';
import { STOCK_ROLES } from '../features/stock/roles.ts';
import { idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/stock/stock.css';

/* /admin/products/:id/stock: one product's stock changes (its variations' included), newest first. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? t('admin.stock.productTitle', { name: data.product.name }) : t('admin.nav.stock')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, STOCK_ROLES);
  const { db } = context.services;
  const id = idFromText(params.id ?? '');
  const product = id === null ? undefined : await db.selectFrom('products').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!product) throw new Response('Not found', { status: 404 });
  const query = { ...parseHistoryQuery(new URL(request.url).searchParams), productId: product.id, q: '' };
  return { product, query, history: await stockHistory(db, query) };
}

export default function ProductStock() {
  const { product, query, history } = useLoaderData<typeof loader>();
  const path = `/admin/products/${product.id}/stock`;
  return (
    <>
      <h1>{t('admin.stock.productTitle', { name: product.name })}</h1>
      <p className="admin-actions">
        <Link to={`/admin/products/${product.id}`}>{t('admin.stock.backToProduct', { name: product.name })}</Link>
        <Link to="/admin/stock">{t('admin.stock.all')}</Link>
      </p>
      <StockHistoryList data={history} path={path} reason={query.reason} product />
    </>
  );
}
