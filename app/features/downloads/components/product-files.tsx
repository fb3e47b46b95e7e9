import { CsrfField } from '../../account/components/form-parts.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { t } from '../../../i18n/t-admin.ts';
import type { ProductDownloads } from '../files.server.ts';

const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * The product editor's "Downloadable files" panel, outside the editor's own form: the files
 * (name, stored file or external link, the variation it goes with) each with "Remove", a
 * multipart form adding one, and the download limit and expiry. Plain form posts to
 * /admin/products/downloads, which come back here.
 */
export function ProductFiles({ productId, downloads, maxBytes, done }: { productId: number | null; downloads: ProductDownloads | null; maxBytes: number; done: string | null }) {
  return (
    <section aria-labelledby="downloads" className="admin-upload">
      <h2 id="downloads">{t('downloads.legend')}</h2>
      {done === 'added' || done === 'removed' || done === 'settings' ? (
        <p className="notice" role="status">
          {t(`downloads.done.${done}`)}
        </p>
      ) : null}
      {productId === null || !downloads ? (
        <p className="hint">{t('downloads.saveFirst')}</p>
      ) : (
        <>
          {downloads.files.length === 0 ? (
            <p className="hint">{t('downloads.none')}</p>
          ) : (
            <TableScroll label={t('downloads.table')}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('downloads.col.name')}</th>
                    <th scope="col">{t('downloads.col.file')}</th>
                    <th scope="col">{t('downloads.col.for')}</th>
                    <th scope="col">{t('downloads.col.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {downloads.files.map((f) => (
                    <tr key={f.id}>
                      <th scope="row">{f.name}</th>
                      <td>
                        {f.url ? (
                          <>
                            {t('downloads.external')}: <code>{f.url}</code>
                          </>
                        ) : (
                          <>
                            {f.fileName} ({t('downloads.size', { size: Math.max(1, Math.round(f.size / 1024)) })})
                          </>
                        )}
                      </td>
                      <td>{f.variationId === null ? t('downloads.forAll') : (downloads.variations.find((v) => v.id === f.variationId)?.label ?? `#${f.variationId}`)}</td>
                      <td>
                        <form method="post" action="/admin/products/downloads" className="inline-form">
                          <CsrfField />
                          <input type="hidden" name="product" value={productId} />
                          <input type="hidden" name="file_id" value={f.id} />
                          <button type="submit" name="intent" value="remove" className="link-button" aria-label={t('downloads.removeLabel', { name: f.name })}>
                            {t('downloads.remove')}
                          </button>
                        </form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <form method="post" action="/admin/products/downloads" encType="multipart/form-data" className="admin-list__query">
            <CsrfField />
            <input type="hidden" name="product" value={productId} />
            <div className="admin-list__field">
              <label htmlFor="download-name">{t('downloads.name')}</label>
              <input id="download-name" name="name" required maxLength={200} />
            </div>
            <div className="admin-list__field">
              <label htmlFor="download-file">{t('downloads.file')}</label>
              <input id="download-file" type="file" name="file" required aria-describedby="download-file-hint" />
              <span className="hint" id="download-file-hint">
                {t('downloads.fileHint', { mb: MB(maxBytes) })}
              </span>
            </div>
            {downloads.variations.length ? (
              <div className="admin-list__field">
                <label htmlFor="download-variation">{t('downloads.variation')}</label>
                <select id="download-variation" name="variation" defaultValue="">
                  <option value="">{t('downloads.forAll')}</option>
                  {downloads.variations.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <button type="submit" name="intent" value="add" className="button button--small">
              {t('downloads.upload')}
            </button>
          </form>
          <form method="post" action="/admin/products/downloads" className="admin-list__query">
            <CsrfField />
            <input type="hidden" name="product" value={productId} />
            <div className="admin-list__field">
              <label htmlFor="download-limit">{t('downloads.limit')}</label>
              <input id="download-limit" name="download_limit" inputMode="numeric" defaultValue={downloads.limit ?? ''} aria-describedby="download-limit-hint" />
              <span className="hint" id="download-limit-hint">
                {t('downloads.limitHint')}
              </span>
            </div>
            <div className="admin-list__field">
              <label htmlFor="download-expiry">{t('downloads.expiry')}</label>
              <input id="download-expiry" name="download_expiry" inputMode="numeric" defaultValue={downloads.expiry ?? ''} aria-describedby="download-expiry-hint" />
              <span className="hint" id="download-expiry-hint">
                {t('downloads.expiryHint')}
              </span>
            </div>
            <button type="submit" name="intent" value="settings" className="button button--small button--ghost">
              {t('downloads.saveSettings')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
