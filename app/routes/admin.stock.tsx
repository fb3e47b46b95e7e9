import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { StockHistoryList } from '../features/stock/components/stock-history-list.tsx';
import { StockSettingsForm } from '../features/stock/components/stock-settings-form.tsx';
import { parseHistoryQuery, stockHistory } from '../features/stock/stock-history.server.ts';
import { pickStockSettings, saveStockSettings } from '../features/stock/stock-settings.server.ts';
import { STOCK_ROLES } from '../features/stock/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/stock/stock.css';

/* /admin/stock: every stock change (filter by reason, search a product, pages) and the low-stock e-mail settings. */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.stock')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, STOCK_ROLES);
  const { db } = context.services;
  const query = parseHistoryQuery(new URL(request.url).searchParams);
  const [history, settings] = await Promise.all([stockHistory(db, query), getSettings(db)]);
  return { history, query, settings: pickStockSettings(settings) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, STOCK_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    if (values.intent !== 'settings') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    return { saved: await saveStockSettings(context.services.db, values) };
  }, values);
}

export default function AdminStock() {
  const { history, query, settings } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { saved: unknown }>();
  const error = isActionError(result) ? result : undefined;
  return (
    <>
      <h1>{t('admin.nav.stock')}</h1>
      <p>{t('admin.stock.intro')}</p>
      <StockSettingsForm values={settings} error={error} saved={!!result && !error} />
      <StockHistoryList data={history} path="/admin/stock" reason={query.reason} q={query.productId !== null ? `#${query.productId}` : query.q} />
    </>
  );
}
