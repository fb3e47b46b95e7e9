import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { t } from '../../../i18n/t-admin.ts';
import type { DownloadAccess } from '../access.server.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';


/**
 * The order page's "Downloads": each access the order gives (file, times downloaded, left,
 * expiry, state) with "Revoke", and a form granting one of its products' files (or giving a
 * revoked one back). Shown for orders whose products have files.
 */
export function OrderDownloads({ accesses, grantable }: { accesses: DownloadAccess[]; grantable: { id: number; name: string; productName: string }[] }) {
  const locale = useLocale();
  const date = (iso: string) => formatDate(iso, locale);
  const revoked = accesses.filter((a) => a.revokedAt);
  const choices = [...grantable.map((g) => ({ id: g.id, label: `${g.productName} — ${g.name}` })), ...revoked.map((a) => ({ id: a.downloadId, label: t('downloads.order.regrant', { name: `${a.productName} — ${a.fileName}` }) }))];
  if (!accesses.length && !grantable.length) return null;
  return (
    <section aria-labelledby="downloads-h">
      <h2 id="downloads-h">{t('downloads.order.title')}</h2>
      {accesses.length ? (
        <TableScroll label={t('downloads.order.table')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('downloads.order.col.file')}</th>
                <th scope="col">{t('downloads.order.col.used')}</th>
                <th scope="col">{t('downloads.order.col.remaining')}</th>
                <th scope="col">{t('downloads.order.col.expires')}</th>
                <th scope="col">{t('downloads.order.col.state')}</th>
              </tr>
            </thead>
            <tbody>
              {accesses.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    {a.productName} — {a.fileName}
                  </th>
                  <td>{a.downloadCount}</td>
                  <td>{a.downloadsRemaining === null ? t('downloads.order.unlimited') : a.downloadsRemaining}</td>
                  <td>{a.accessExpires ? <time dateTime={a.accessExpires}>{date(a.accessExpires)}</time> : t('downloads.order.never')}</td>
                  <td>
                    {t(`downloads.order.state.${a.blocked ?? 'active'}`)}
                    {a.revokedAt ? null : (
                      <Form method="post" className="inline-form">
                        <CsrfField />
                        <input type="hidden" name="access" value={a.id} />
                        {' · '}
                        <button type="submit" name="intent" value="download-revoke" className="link-button" aria-label={t('downloads.order.revokeLabel', { name: a.fileName })}>
                          {t('downloads.order.revoke')}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="hint">{t('downloads.order.none')}</p>
      )}
      {choices.length ? (
        <Form method="post">
          <CsrfField />
          <div className="form-row">
            <label htmlFor="field-download">{t('downloads.order.grantLabel')}</label>
            <select id="field-download" name="download">
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="download-grant" className="button button--ghost">
            {t('downloads.order.grant')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
