import { Form, Link, redirect, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { ExportLink } from '../features/admin/components/export-link.tsx';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import type { AdminColumn } from '../features/admin/components/admin-table.tsx';
import { PRODUCT_STATUS_ORDER } from '../features/catalog-admin/product-form.ts';
import { categoryOptions, listAdminProducts, parseListQuery, PRODUCT_ADMIN_ROLES, type AdminProductRow } from '../features/catalog-admin/products-admin.server.ts';
import { bulkProducts, duplicateProduct, type BulkResult } from '../features/catalog-admin/product-list-actions.server.ts';
import { saveQuickEdit } from '../features/catalog-admin/quick-edit.server.ts';
import { QuickEditButton } from '../features/catalog-admin/components/quick-edit-dialog.tsx';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { imageSources } from '../lib/image.ts';
import { formatPrice, type PriceFormat } from '../lib/money.ts';
import { idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';
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
    if (intent === 'bulk' && str('action') === 'delete') {
      // Deleting for good asks first: the confirmation page names the chosen products.
      const ids = form.getAll('ids').map(String).filter((v) => idFromText(v) !== null);
      if (!ids.length) throw new HttpError(400, 'invalid', t('productList.error.selectOne'));
      return redirect(`/admin/products/delete?${new URLSearchParams(ids.map((id) => ['ids', id])).toString()}`);
    }
    if (intent === 'bulk' && str('action') === 'edit') {
      // The bulk edit's page names the chosen products and holds the changes (admin.products.bulk-edit.tsx).
      const ids = form.getAll('ids').map(String).filter((v) => idFromText(v) !== null);
      if (!ids.length) throw new HttpError(400, 'invalid', t('productList.error.selectOne'));
      const back = new URL(request.url);
      const q = new URLSearchParams(ids.map((id) => ['ids', id]));
      q.set('back', `${back.pathname}${back.search}`);
      return redirect(`/admin/products/bulk-edit?${q.toString()}`);
    }
    if (intent === 'bulk') {
      const ids = form.getAll('ids').map((v) => idFromText(String(v)) ?? 0);
      const r = await bulkProducts(db, { action: str('action') || undefined, ids, percent: str('percent') || undefined, stock_status: str('stock_status') || undefined, category: str('category') || undefined }, actor);
      const done = plural('productList.bulkDone', ids.length, { action: t(`productList.bulk.${r.action}`), changed: r.changed });
      return { done: r.kept ? plural('productList.saleKept', r.kept, { done }) : done, skipped: r.skipped };
    }
    const id = idFromText(str('id'));
    if (id === null) throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    if (intent === 'quick') {
      // The quick edit of an older list page: the fields it posts, the rest kept (quick-edit.server.ts).
      const { name } = await saveQuickEdit(db, id, form, (await getSettings(db)).currency, actor);
      kickStockAlerts(context.services);
      return { done: t('productList.quickSaved', { name }) };
    }
    if (intent === 'trash' || intent === 'restore') {
      await bulkProducts(db, { action: intent, ids: [id] }, actor);
      return { done: t(intent === 'trash' ? 'productList.trashed' : 'productList.restored') };
    }
    if (intent === 'duplicate') {
      const copy = await duplicateProduct(db, id, actor);
      return redirect(`/admin/products/${copy.id}?duplicated=1`);
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  });
}

const TYPES = ['simple', 'variable', 'grouped', 'external'] as const;
const STOCK = ['instock', 'outofstock', 'onbackorder'] as const;
const SORTS = ['updated', 'name', 'price', 'stock', 'sku', 'created'] as const;
const TABS = ['all', ...PRODUCT_STATUS_ORDER] as const;
/** ?deleted=N after a permanent deletion (admin.products.delete.tsx), else null. */
const deletedCount = (params: URLSearchParams) => (/^\d{1,6}$/.test(params.get('deleted') ?? '') ? Number(params.get('deleted')) : null);
const typeLabel = (type: string) => ((TYPES as readonly string[]).includes(type) ? t(`products.type.${type as (typeof TYPES)[number]}`) : type);
const stockLabel = (stock: string) => ((STOCK as readonly string[]).includes(stock) ? t(`products.stock.${stock as (typeof STOCK)[number]}`) : stock);

export default function AdminProducts() {
  const data = useLoaderData<typeof loader>();
  const { query, format } = data;
  const result = useActionData<ActionError | Done>();
  const [params] = useSearchParams();
  const base = { q: query.q, category: query.category, type: query.type, stock: query.stock, status: query.status === 'all' ? undefined : query.status, sort: query.sort === 'updated' ? undefined : query.sort, dir: query.dir === 'desc' ? undefined : query.dir };
  const back = listHref('/admin/products', { ...base, page: data.page > 1 ? data.page : undefined });
  const price = (n: number | null) => (n == null ? '—' : formatPrice(n, format));
  const columns: AdminColumn<AdminProductRow>[] = [
    {
      header: t('productList.image'),
      hideHeader: true,
      cell: (p) => {
        const img = p.image ? imageSources(p.image.path, p.image.widths, 150) : null;
        return img ? <img src={img.src} alt="" width={48} height={48} className="admin-product-thumb" loading="lazy" /> : null;
      },
    },
    {
      header: t('productList.name'),
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={`/admin/products/${p.id}`}>{p.name}</Link>
          {p.status !== 'publish' ? <span className="hint"> — {t(`products.status.${p.status}`)}</span> : null}
          <div className="hint">{p.categories.join(', ')}</div>
        </>
      ),
    },
    { header: t('productList.sku'), cell: (p) => p.sku ?? '—' },
    { header: t('productList.type'), cell: (p) => typeLabel(p.type) },
    {
      header: t('productList.price'),
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
    { header: t('productList.stock'), cell: (p) => `${stockLabel(p.stockStatus)}${p.manageStock && p.stockQuantity != null ? ` (${p.stockQuantity})` : ''}` },
    { header: t('productList.actions'), hideHeader: true, cell: (p) => <RowActions product={p} back={back} /> },
  ];
  return (
    <>
      <h1>{t('admin.nav.products')}</h1>
      <p className="admin-actions">
        <Link className="button" to="/admin/products/new">
          {t('productList.add')}
        </Link>
        <ExportLink href="/admin/products.csv" fileName="products.csv">
          {t('admin.export.products')}
        </ExportLink>
      </p>
      <nav aria-label={t('productList.byStatus')}>
        <ul className="admin-filter">
          {TABS.map((s) => (
            <li key={s}>
              <Link to={listHref('/admin/products', { status: s === 'all' ? undefined : s })} aria-current={query.status === s ? 'page' : undefined} style={{ fontWeight: query.status === s ? 700 : undefined }}>
                {t('productList.tab', { status: s === 'all' ? t('productList.all') : t(`products.status.${s}`), count: data.counts[s] ?? 0 })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.status === 'trash' && (data.counts.trash ?? 0) > 0 ? (
        <p className="admin-actions">
          <Link className="button button--ghost" to="/admin/products/delete?scope=all">
            {t('trash.empty')}
          </Link>
        </p>
      ) : null}
      <ActionNotice result={result ?? (params.get('saved') ? { done: t('productList.saved') } : deletedCount(params) !== null ? { done: plural('trash.deleted', deletedCount(params) ?? 0) } : undefined)} />
      <AdminList
        label={t('admin.nav.products')}
        path="/admin/products"
        rows={data.products}
        rowKey={(p) => p.id}
        columns={columns}
        stack="wide"
        keep={{ status: query.status === 'all' ? '' : query.status }}
        search={{ name: 'q', label: t('productList.search'), value: query.q, placeholder: t('productList.searchHint') }}
        filters={[
          { name: 'category', label: t('productList.category'), value: query.category ? String(query.category) : '', options: [{ value: '', label: t('productList.anyCategory') }, ...data.categories.map((c) => ({ value: String(c.id), label: c.label }))] },
          { name: 'type', label: t('productList.type'), value: query.type ?? '', options: [{ value: '', label: t('productList.anyType') }, ...TYPES.map((value) => ({ value, label: typeLabel(value) }))] },
          { name: 'stock', label: t('productList.stock'), value: query.stock ?? '', options: [{ value: '', label: t('productList.anyStock') }, ...STOCK.map((value) => ({ value, label: stockLabel(value) }))] },
        ]}
        sort={{
          value: query.sort,
          dir: query.dir,
          options: SORTS.map((value) => ({ value, label: t(`productList.sort.${value}`) })),
        }}
        page={data.page}
        pages={data.pages}
        total={data.total}
        pageHref={(page) => listHref('/admin/products', { ...base, page })}
        bulk={{
          action: `/admin/products${params.toString() ? `?${params.toString()}` : ''}`,
          id: (p) => String(p.id),
          label: (p) => t('productList.selectLabel', { name: p.name }),
          actions:
            query.status === 'trash'
              ? [
                  { value: 'restore', label: t('productList.action.restore') },
                  { value: 'delete', label: t('trash.bulk.delete') },
                ]
              : [{ value: 'edit', label: t('bulkEdit.action') }, ...(['publish', 'draft', 'trash', 'sale', 'end_sale', 'stock', 'category'] as const).map((value) => ({ value, label: t(`productList.action.${value}`) }))],
          extra: query.status === 'trash' ? null : (
            <>
              <div className="admin-list__field">
                <label htmlFor="bulk-percent">{t('productList.percentOff')}</label>
                <input id="bulk-percent" name="percent" type="number" min={1} max={99} inputMode="numeric" style={{ inlineSize: '6rem' }} />
              </div>
              <div className="admin-list__field">
                <label htmlFor="bulk-category">{t('productList.category')}</label>
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
                <label htmlFor="bulk-stock">{t('products.stockStatus')}</label>
                <select id="bulk-stock" name="stock_status" defaultValue="">
                  <option value="">—</option>
                  {STOCK.map((value) => (
                    <option key={value} value={value}>
                      {stockLabel(value)}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ),
        }}
        empty={<p>{t(query.q || query.category || query.type || query.stock ? 'productList.noMatch' : query.status === 'trash' ? 'productList.trashEmpty' : 'productList.none')}</p>}
      />
    </>
  );
}

function RowActions({ product: p, back }: { product: AdminProductRow; back: string }) {
  return (
    <div>
      <div className="admin-actions">
        <Link className="button button--ghost button--small" to={`/admin/products/${p.id}`} aria-label={t('productList.editLabel', { name: p.name })}>
          {t('productList.edit')}
        </Link>
        {p.status !== 'trash' ? <QuickEditButton id={p.id} name={p.name} back={back} /> : null}
        {p.status === 'publish' ? (
          <a className="button button--ghost button--small" href={`/product/${p.slug}`} aria-label={t('productList.viewLabel', { name: p.name })}>
            {t('productList.view')}
          </a>
        ) : null}
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="id" value={p.id} />
          <button type="submit" name="intent" value="duplicate" className="button button--ghost button--small" aria-label={t('productList.duplicateLabel', { name: p.name })}>
            {t('productList.duplicate')}
          </button>
          {p.status === 'trash' ? (
            <>
              <button type="submit" name="intent" value="restore" className="button button--ghost button--small" aria-label={t('productList.restoreLabel', { name: p.name })}>
                {t('productList.restore')}
              </button>
              <Link className="button button--ghost button--small" to={`/admin/products/delete?ids=${p.id}`} aria-label={t('trash.deleteForeverLabel', { name: p.name })}>
                {t('trash.deleteForever')}
              </Link>
            </>
          ) : (
            <button type="submit" name="intent" value="trash" className="button button--ghost button--small" aria-label={t('productList.trashLabel', { name: p.name })}>
              {t('productList.trash')}
            </button>
          )}
        </Form>
      </div>
    </div>
  );
}
