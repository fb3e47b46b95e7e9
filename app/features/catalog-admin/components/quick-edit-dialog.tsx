import { useEffect, useId, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { isActionError, type ActionError } from '../../../lib/action.ts';
import { t } from '../../../i18n/t-admin.ts';
import type { QuickValues } from '../quick-edit.server.ts';
import { QuickEditFields, type QuickOptions } from './quick-edit-form.tsx';

/*
 * A row's "Quick edit": a link to the product's quick-edit page, which is what a browser
 * without scripts follows. With scripts it opens a modal dialog over the list instead,
 * filled from that page's loader and posting to its action (`inline`, answered with the
 * notice); the list's loader runs again after the save, so the row shows the new values.
 * Escape or Cancel closes it, and focus goes back to the link.
 */

type Loaded = QuickOptions & { values: QuickValues };
type Saved = { done: string; version: string };

export function QuickEditButton({ id, name, back }: { id: number; name: string; back: string }) {
  const loader = useFetcher<Loaded>();
  const saver = useFetcher<ActionError | Saved>();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const page = `/admin/products/${id}/quick`;
  const href = `${page}?back=${encodeURIComponent(back)}`;
  const saved = saver.data && !isActionError(saver.data) ? saver.data : null;
  const error = isActionError(saver.data) ? saver.data : null;
  useEffect(() => {
    if (saved && saver.state === 'idle') dialog.current?.close();
  }, [saved, saver.state]);
  const open = (e: React.MouseEvent) => {
    if (!dialog.current?.showModal || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void loader.load(page);
    dialog.current.showModal();
  };
  const data = loader.state === 'idle' ? loader.data : undefined;
  return (
    <>
      <Link className="button button--ghost button--small" to={href} onClick={open} aria-label={t('quickEdit.openLabel', { name })}>
        {t('quickEdit.open')}
      </Link>
      {saved ? (
        <span className="hint" role="status">
          {saved.done}
        </span>
      ) : null}
      <dialog ref={dialog} className="admin-quick-dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('quickEdit.title', { name })}</h2>
        {data ? (
          <saver.Form method="post" action={page} key={data.values.version} className="admin-quick-edit-form">
            <input type="hidden" name="inline" value="1" />
            {error ? (
              <p className="notice notice--error" role="alert">
                {error.error.fields && error.error.code !== 'conflict' ? t('quickEdit.checkFields') : error.error.message}
              </p>
            ) : null}
            <QuickEditFields values={data.values} options={data} errors={error?.error.fields ?? {}} prefix={`quick-${id}`}>
              <p className="admin-actions">
                <button type="submit" className="button" disabled={saver.state !== 'idle'}>
                  {t('productList.quickSave')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
                  {t('quickEdit.cancel')}
                </button>
                <Link to={`/admin/products/${id}`}>{t('quickEdit.fullEditor')}</Link>
              </p>
            </QuickEditFields>
          </saver.Form>
        ) : (
          <p role="status">{t('quickEdit.loading')}</p>
        )}
      </dialog>
    </>
  );
}
