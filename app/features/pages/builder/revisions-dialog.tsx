import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useFetcher } from 'react-router';
import type { Block } from '../blocks.schema.ts';
import type { PageData } from '../pages.server.ts';
import type { RevisionSummary } from '../pages-admin.server.ts';
import type { RenderContext } from '../render/context.tsx';
import { Blocks } from '../render/index.tsx';
import { RevisionLine } from '../components/revision-line.tsx';
import { isActionError, type ActionError } from '../../../lib/action.ts';
import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { t } from '../../../i18n/t-admin.ts';
import { BlockCanvas } from './puck-config.tsx';

/*
 * The builder's revisions panel: a modal <dialog> (focus kept inside, Escape closes, focus
 * goes back to its button) listing the page's revisions — when, version, kind, author —
 * each to preview (drawn as on the page, from what the builder route's loader gives for
 * `?revision=`) or to restore through the route's action, which is the backend editor's
 * rule: a new revision, refused when the builder's version is no longer the page's.
 */

type Preview = { revision: RevisionSummary & { blocks: Block[] }; data: PageData; forms: RenderContext['forms'] } | null;
type Loaded = { revisions: RevisionSummary[]; preview: Preview };
type Restored = ActionError | { done: string; version: number };

export interface RevisionsDialogProps {
  pageId: number;
  title: string;
  open: boolean;
  onClose: () => void;
  /** The version the builder holds now (each save moves it on). */
  version: () => number;
  /** The revisions the page loaded with, shown until the fresh list arrives. */
  revisions: RevisionSummary[];
  ctx: RenderContext;
  onRestored: (message: string) => void;
}

/** Links and forms in a preview go nowhere: leaving would drop what the builder holds. */
const stay = (e: SyntheticEvent) => {
  if ((e.target as Element).closest('a, button, form')) e.preventDefault();
};

export function RevisionsDialog({ pageId, title, open, onClose, version, revisions, ctx, onRestored }: RevisionsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const previewId = useId();
  const view = useFetcher<Loaded>();
  const restore = useFetcher<Restored>();
  const [wanted, setWanted] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = `/admin/pages/${pageId}/builder`;
  const { load } = view;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      setError(null);
      setWanted(null);
      d.showModal();
      void load(url);
    } else if (!open && d.open) d.close();
  }, [open, load, url]);

  // The answer of a restore: done closes the panel (the builder shows the restored draft);
  // a refusal stays here, and the builder already shows the page as it is now.
  const handled = useRef<Restored | null>(null);
  useEffect(() => {
    const answer = restore.data;
    if (restore.state !== 'idle' || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!isActionError(answer)) {
      onRestored(answer.done);
      onClose();
    } else setError(answer.error.code === 'stale_version' ? t('admin.builder.restoreStale') : t('admin.builder.restoreFailed', { message: answer.error.message }));
  }, [restore.state, restore.data, onRestored, onClose]);

  // A preview, once loaded, takes focus (once: a reload after a restore leaves focus be).
  const preview = view.state === 'idle' && wanted !== null ? view.data?.preview : undefined;
  const focused = useRef<number | null>(null);
  useEffect(() => {
    const id = preview?.revision.id ?? null;
    if (id === null || focused.current === id) return;
    focused.current = id;
    previewHeading.current?.focus();
  }, [preview]);

  const show = (id: number) => {
    focused.current = null;
    setWanted(id);
    void load(`${url}?revision=${id}`);
  };
  const restoreOne = (id: number) => {
    if (restore.state !== 'idle') return;
    setError(null);
    void restore.submit({ intent: 'restore', revision: String(id), version: String(version()), _csrf: readCsrfToken() }, { method: 'post', action: url });
  };
  const list = view.data?.revisions ?? revisions;
  const busy = view.state !== 'idle' || restore.state !== 'idle';

  return (
    // A click on the backdrop (the <dialog> itself: its content is all in the body) closes it.
    <dialog ref={dialog} className="builder-revisions" aria-labelledby={titleId} onClose={onClose} onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}>
      <div className="builder-revisions__body">
        <div className="builder-revisions__head">
          <h2 id={titleId}>{t('admin.builder.revisionsTitle', { title })}</h2>
          <button type="button" className="icon-button" onClick={() => dialog.current?.close()} aria-label={t('admin.builder.revisionsClose')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p>{t('admin.builder.revisionsHint')}</p>
        <p role="status" className="builder-revisions__status">
          {busy ? t('admin.builder.revisionsLoading') : ''}
        </p>
        <div role="alert">{error ? <p className="notice notice--error">{error}</p> : null}</div>
        <ol className="builder-revisions__list">
          {list.map((r) => (
            <li key={r.id}>
              <span>
                <RevisionLine revision={r} />
              </span>
              <button type="button" className="button button--small button--ghost" onClick={() => show(r.id)}>
                {t('admin.builder.revisionPreview', { n: r.version })}
              </button>
              <button type="button" className="button button--small" onClick={() => restoreOne(r.id)}>
                {t('admin.pages.restore', { n: r.version })}
              </button>
            </li>
          ))}
        </ol>
        {preview === null ? <p>{t('admin.builder.revisionGone')}</p> : null}
        {preview ? (
          <div className="builder-revisions__preview">
            <h3 id={previewId} ref={previewHeading} tabIndex={-1}>
              {t('admin.builder.revisionPreviewTitle', { n: preview.revision.version })}
            </h3>
            <button type="button" className="button button--small" onClick={() => restoreOne(preview.revision.id)}>
              {t('admin.pages.restore', { n: preview.revision.version })}
            </button>
            <div role="region" aria-labelledby={previewId} tabIndex={0} className="builder-revisions__page" onClickCapture={stay} onSubmitCapture={stay}>
              <BlockCanvas ctx={{ ...ctx, data: preview.data, forms: preview.forms }}>
                <Blocks blocks={preview.revision.blocks} />
              </BlockCanvas>
            </div>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
