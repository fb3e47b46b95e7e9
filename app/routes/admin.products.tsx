import { Form, Link, redirect, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/admin/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import type { AdminColumn } from '../features/admin/components/admin-table.tsx';
import { STATUS_LABELS } from '../features/catalog-admin/product-form.ts';
import {
  bulkProducts,
  categoryOptions,
  duplicateProduct,
  listAdminProducts,
  parseListQuery,
  PRODUCT_ADMIN_ROLES,
  quickEditProduct,
  type AdminProductRow,
  type BulkResult,
} from '../features/catalog-admin/products-admin.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { imageSources } from '../lib/image.ts';
import { currencyInfo, formatPrice, toMinor, type PriceFormat } from '../lib/money.ts';
import { idFromText } from '../lib/validate.ts';
import { minorToDecimal } from '../features/shipping/shipping.schema.ts';
import { t } from '../i18n/t-admin.ts';
import { staffActor } from '../features/stock/stock-log.server.ts';
import { kickStockAlerts } from '../features/stock/stock-alerts.server.ts';

/* /admin/products: the catalog in the back office (search, filters, sort, bulk actions, quick edit, trash, duplicate). */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.products')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const query = parseListQuery(new URL(request.url).searchParams);
  const [list, categories, settings] = await Promise.all([listAdminProducts(db, query), categoryOptions(db), getSettings(db)]);
  return { ...list, query, categories, format: settings as PriceFormat };
}

type Done = { done: string; skipped?: BulkResult['skipped'] };

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const actor = staffActor(user);
  const form = await request.formData();
  const intent = form.get('intent');
  const str = (k: string) => (typeof form.get(k) === 'string' ? (form.get(k) as string) : '');
  return formAction<Done | Response>(async () => {
    if (intent === 'bulk') {
      const ids = form.getAll('ids').map((v) => idFromText(String(v)) ?? 0);
      const r = await bulkProducts(db, { action: str('action') || undefined, ids, percent: str('percent') || undefined, stock_status: str('stock_status') || undefined, category: str('category') || undefined }, actor);
      return { done: `${BULK_DONE[r.action]}: ${r.changed} of ${ids.length} product${ids.length === 1 ? '' : 's'}.`, skipped: r.skipped };
    }
    const id = idFromText(str('id'));
    if (id === null) throw new HttpError(400, 'invalid', 'Unknown request.');
    if (intent === 'quick') {
      const { currency } = await getSettings(db);
      const money = (k: string) => {
        if (!str(k).trim()) return null;
        const n = toMinor(str(k), currency);
        if (n === null) throw new HttpError(400, 'invalid', `${k}: Not an amount.`, { [k]: 'Not an amount' });
        return n;
      };
      const stock = str('stock_quantity').trim();
      const { name } = await quickEditProduct(db, {
        id,
        version: str('version'),
        regular_price: money('regular_price'),
        sale_price: money('sale_price'),
        stock_quantity: stock === '' ? null : Number.isInteger(Number(stock)) ? Number(stock) : Number.NaN,
      }, actor);
      // Stock taken down to its low-stock line is e-mailed after the commit.
      kickStockAlerts(context.services);
      return { done: `“${name}” saved.` };
    }
    if (intent === 'trash' || intent === 'restore') {
      await bulkProducts(db, { action: intent, ids: [id] }, actor);
      return { done: intent === 'trash' ? 'Moved to the trash.' : 'Restored as a draft.' };
    }
    if (intent === 'duplicate') {
      const copy = await duplicateProduct(db, id, actor);
      return redirect(`/admin/products/${copy.id}?duplicated=1`);
    }
    throw new HttpError(400, 'invalid', 'Unknown request.');
  });
}

const BULK_DONE: Record<BulkResult['action'], string> = {
  publish: 'Published',
  draft: 'Set to draft',
  trash: 'Moved to the trash',
  restore: 'Restored',
  sale: 'Sale set',
  end_sale: 'Sale ended',
  stock: 'Stock status changed',
  category: 'Added to the category',
};

const TYPE_LABELS: Record<string, string> = { simple: 'Simple', variable: 'Variable', grouped: 'Grouped', external: 'External' };
const STOCK_LABELS: Record<string, string> = { instock: 'In stock', outofstock: 'Out of stock', onbackorder: 'On backorder' };
const TABS = ['all', 'publish', 'draft', 'pending', 'private', 'future', 'trash'] as const;

export default function AdminProducts() {
  const data = useLoaderData<typeof loader>();
  const { query, format } = data;
  const result = useActionData<ActionError | Done>();
  const [params] = useSearchParams();
  const base = { q: query.q, category: query.category, type: query.type, stock: query.stock, status: query.status === 'all' ? undefined : query.status, sort: query.sort === 'updated' ? undefined : query.sort, dir: query.dir === 'desc' ? undefined : query.dir };
  const price = (n: number | null) => (n == null ? '—' : formatPrice(n, format));
  const columns: AdminColumn<AdminProductRow>[] = [
    {
      header: 'Image',
      hideHeader: true,
      cell: (p) => {
        const img = p.image ? imageSources(p.image.path, p.image.widths, 150) : null;
        return img ? <img src={img.src} alt="" width={48} height={48} className="admin-product-thumb" loading="lazy" /> : null;
      },
    },
    {
      header: 'Name',
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={`/admin/products/${p.id}`}>{p.name}</Link>
          {p.status !== 'publish' ? <span className="hint"> — {STATUS_LABELS[p.status]}</span> : null}
          <div className="hint">{p.categories.join(', ')}</div>
        </>
      ),
    },
    { header: 'SKU', cell: (p) => p.sku ?? '—' },
    { header: 'Type', cell: (p) => TYPE_LABELS[p.type] },
    {
      header: 'Price',
      numeric: true,
      cell: (p) =>
        p.minPrice != null && p.maxPrice != null && p.minPrice !== p.maxPrice ? (
          `${price(p.minPrice)} – ${price(p.maxPrice)}`
        ) : p.salePrice != null && p.regularPrice != null && p.minPrice === p.salePrice ? (
          <>
            <del>{price(p.regularPrice)}</del> <ins>{price(p.salePrice)}</ins>
          </>
        ) : (
          price(p.minPrice)
        ),
    },
    { header: 'Stock', cell: (p) => `${STOCK_LABELS[p.stockStatus]}${p.manageStock && p.stockQuantity != null ? ` (${p.stockQuantity})` : ''}` },
    { header: 'Actions', hideHeader: true, cell: (p) => <RowActions product={p} format={format} /> },
  ];
  return (
    <>
      <h1>{t('admin.nav.products')}</h1>
      <p>
        <Link className="button" to="/admin/products/new">
          Add product
        </Link>
      </p>
      <nav aria-label="Products by status">
        <ul className="admin-filter">
          {TABS.map((s) => (
            <li key={s}>
              <Link to={listHref('/admin/products', { status: s === 'all' ? undefined : s })} aria-current={query.status === s ? 'page' : undefined} style={{ fontWeight: query.status === s ? 700 : undefined }}>
                {s === 'all' ? 'All' : STATUS_LABELS[s]} ({data.counts[s] ?? 0})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {result ? (
        <ActionNotice result={result} />
      ) : params.get('saved') ? (
        <p className="notice" role="status">
          Product saved.
        </p>
      ) : null}
      <AdminList
        label={t('admin.nav.products')}
        path="/admin/products"
        rows={data.products}
        rowKey={(p) => p.id}
        columns={columns}
        stack="wide"
        keep={{ status: query.status === 'all' ? '' : query.status }}
        search={{ name: 'q', label: 'Search products', value: query.q, placeholder: 'Name or SKU' }}
        filters={[
          { name: 'category', label: 'Category', value: query.category ? String(query.category) : '', options: [{ value: '', label: 'All categories' }, ...data.categories.map((c) => ({ value: String(c.id), label: c.label }))] },
          { name: 'type', label: 'Type', value: query.type ?? '', options: [{ value: '', label: 'All types' }, ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))] },
          { name: 'stock', label: 'Stock', value: query.stock ?? '', options: [{ value: '', label: 'Any stock' }, ...Object.entries(STOCK_LABELS).map(([value, label]) => ({ value, label }))] },
        ]}
        sort={{
          value: query.sort,
          dir: query.dir,
          options: [
            { value: 'updated', label: 'Last changed' },
            { value: 'name', label: 'Name' },
            { value: 'price', label: 'Price' },
            { value: 'stock', label: 'Stock quantity' },
            { value: 'sku', label: 'SKU' },
            { value: 'created', label: 'Date added' },
          ],
        }}
        page={data.page}
        pages={data.pages}
        total={data.total}
        pageHref={(page) => listHref('/admin/products', { ...base, page })}
        bulk={{
          action: `/admin/products${params.toString() ? `?${params.toString()}` : ''}`,
          id: (p) => String(p.id),
          label: (p) => `Select ${p.name}`,
          actions:
            query.status === 'trash'
              ? [{ value: 'restore', label: 'Restore' }]
              : [
                  { value: 'publish', label: 'Publish' },
                  { value: 'draft', label: 'Set to draft' },
                  { value: 'trash', label: 'Move to the trash' },
                  { value: 'sale', label: 'Put on sale (percent off)' },
                  { value: 'end_sale', label: 'End sale' },
                  { value: 'stock', label: 'Set stock status' },
                  { value: 'category', label: 'Add to category' },
                ],
          extra: query.status === 'trash' ? null : (
            <>
              <div className="admin-list__field">
                <label htmlFor="bulk-percent">Percent off</label>
                <input id="bulk-percent" name="percent" type="number" min={1} max={99} inputMode="numeric" style={{ inlineSize: '6rem' }} />
              </div>
              <div className="admin-list__field">
                <label htmlFor="bulk-category">Category</label>
                <select id="bulk-category" name="category" defaultValue="">
                  <option value="">—</option>
                  {data.categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-list__field">
                <label htmlFor="bulk-stock">Stock status</label>
                <select id="bulk-stock" name="stock_status" defaultValue="">
                  <option value="">—</option>
                  {Object.entries(STOCK_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ),
        }}
        empty={<p>{query.q || query.category || query.type || query.stock ? 'No products match this search.' : query.status === 'trash' ? 'The trash is empty.' : 'No products yet.'}</p>}
      />
    </>
  );
}

function RowActions({ product: p, format }: { product: AdminProductRow; format: PriceFormat }) {
  const { exponent } = currencyInfo(format.currency);
  const dec = (n: number | null) => (n == null ? '' : minorToDecimal(n, exponent));
  const simple = p.type === 'simple' || p.type === 'external';
  return (
    <div>
      <div className="admin-actions">
        <Link className="button button--ghost button--small" to={`/admin/products/${p.id}`} aria-label={`Edit ${p.name}`}>
          Edit
        </Link>
        {p.status === 'publish' ? (
          <a className="button button--ghost button--small" href={`/product/${p.slug}`} aria-label={`View ${p.name} in the shop`}>
            View
          </a>
        ) : null}
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="id" value={p.id} />
          <button type="submit" name="intent" value="duplicate" className="button button--ghost button--small" aria-label={`Duplicate ${p.name}`}>
            Duplicate
          </button>
          {p.status === 'trash' ? (
            <button type="submit" name="intent" value="restore" className="button button--ghost button--small" aria-label={`Restore ${p.name}`}>
              Restore
            </button>
          ) : (
            <button type="submit" name="intent" value="trash" className="button button--ghost button--small" aria-label={`Move ${p.name} to the trash`}>
              Trash
            </button>
          )}
        </Form>
      </div>
      {simple && p.status !== 'trash' ? (
        <details>
          <summary>
            Quick edit<span className="visually-hidden"> {p.name}</span>
          </summary>
          <Form method="post" className="admin-quick">
            <CsrfField />
            <input type="hidden" name="intent" value="quick" />
            <input type="hidden" name="id" value={p.id} />
            <input type="hidden" name="version" value={p.updatedAt} />
            <label>
              Regular price
              <input name="regular_price" inputMode="decimal" defaultValue={dec(p.regularPrice)} />
            </label>
            <label>
              Sale price
              <input name="sale_price" inputMode="decimal" defaultValue={dec(p.salePrice)} />
            </label>
            {p.manageStock ? (
              <label>
                Stock
                <input name="stock_quantity" inputMode="numeric" defaultValue={p.stockQuantity ?? ''} />
              </label>
            ) : null}
            <button type="submit" className="button button--small">
              Save
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
