import { Link } from 'react-router';
import type { Route } from './+types/account.downloads';
import { listUserDownloads } from '../features/downloads/access.server.ts';
import { downloadPath, PAGE_LINK_SECONDS } from '../features/downloads/links.server.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';
import { requireUser } from '../features/account/require-user.server.ts';
import { t } from '../i18n/t-orders.ts';
import '../features/catalog/catalog.css';

/*
 * My account → Downloads (WooCommerce's Downloads endpoint): the files the shopper's paid
 * orders give, with the downloads left and until when, each behind a signed link made for
 * this page view (app/features/downloads/links.server.ts). Revoked accesses are not listed;
 * used-up or expired ones say so instead of a link.
 */

export const meta: Route.MetaFunction = () => [{ title: t('downloads.title') }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const secret = context.services.config.sessionSecret;
  const accesses = await listUserDownloads(context.services.db, user.id);
  return {
    downloads: accesses.map((a) => ({
      id: a.id,
      orderId: a.orderId,
      productName: a.productName,
      fileName: a.fileName,
      remaining: a.downloadsRemaining,
      expires: a.accessExpires,
      blocked: a.blocked,
      href: a.blocked ? null : downloadPath(secret, a.id, PAGE_LINK_SECONDS),
    })),
  };
}

export default function Downloads({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { downloads } = loaderData;
  return (
    <>
      <h1>{t('downloads.title')}</h1>
      {downloads.length === 0 ? (
        <div className="notice">
          <p>{t('downloads.none')}</p>
          <Link to="/shop" className="button button--ghost">
            {t('myaccount.browseProducts')}
          </Link>
        </div>
      ) : (
        <TableScroll label={t('downloads.table')}>
          <table className="orders-table downloads-table">
            <thead>
              <tr>
                <th scope="col">{t('downloads.col.product')}</th>
                <th scope="col">{t('downloads.col.file')}</th>
                <th scope="col">{t('downloads.col.remaining')}</th>
                <th scope="col">{t('downloads.col.expires')}</th>
                <th scope="col">{t('downloads.col.order')}</th>
              </tr>
            </thead>
            <tbody>
              {downloads.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{d.productName}</th>
                  <td>
                    {d.href ? (
                      // A plain link: the browser downloads the attachment (no client-side navigation).
                      <a href={d.href} className="button button--small" download>
                        {d.fileName}
                      </a>
                    ) : (
                      <span>
                        {d.fileName} — {t(d.blocked === 'expired' ? 'downloads.expired' : 'downloads.usedUp')}
                      </span>
                    )}
                  </td>
                  <td>{d.remaining === null ? t('downloads.unlimited') : d.remaining}</td>
                  <td>{d.expires ? <time dateTime={d.expires}>{orderDate(d.expires)}</time> : t('downloads.never')}</td>
                  <td>
                    <Link to={`/my-account/view-order/${d.orderId}`}>#{d.orderId}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
