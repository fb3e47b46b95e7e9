import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { imageSources } from '../../../lib/image.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import type { LibraryItem, LibraryPage } from '../types.ts';
import { MediaUpload, type UploadedPicture } from './media-upload.tsx';
import '../media.css';

/*
 * The one picture picker of the back office (product gallery, category picture, the builder's
 * picture fields): a button opening a modal <dialog> labelled by its heading, with the media
 * library's pictures (searched, a page at a time, from /admin/media.json) and an upload form.
 * The modal dialog keeps focus inside it; Escape or the close button close it and focus goes
 * back to the button. Choosing a picture (or uploading some) answers them and closes it. It
 * needs scripts: without them each editor keeps its own upload form.
 */

export interface PickedPicture {
  id: number;
  alt: string;
  path: string;
  widths: string;
}

export function MediaPickerButton({ label, onPick, className = 'button button--small button--ghost' }: { label?: string; onPick: (pictures: PickedPicture[]) => void; className?: string }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => setMounted(true), []);
  // Focus goes back to the button once the dialog has closed (while it is open the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!mounted) return null;
  const close = () => setOpen(false);
  return (
    <>
      <button ref={button} type="button" className={className} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {label ?? t('media.picker.open')}
      </button>
      {open
        ? createPortal(
            <PickerDialog
              onClose={close}
              onPick={(p) => {
                onPick(p);
                close();
              }}
            />,
            document.body,
          )
        : null}
    </>
  );
}

function PickerDialog({ onClose, onPick }: { onClose: () => void; onPick: (pictures: PickedPicture[]) => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [lib, setLib] = useState<LibraryPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    // The search box first (the dialog alone would focus its close button).
    d?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    return () => d?.close();
  }, []);

  const load = useCallback(async (q: string, page: number) => {
    setFailed(false);
    try {
      const res = await fetch(`/admin/media.json?q=${encodeURIComponent(q)}&page=${page}`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      setLib((await res.json()) as LibraryPage);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load(query.q, query.page);
  }, [load, query]);

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setQuery({ q: String(new FormData(e.currentTarget).get('q') ?? ''), page: 1 });
  };
  const pick = (m: LibraryItem | UploadedPicture) => onPick([{ id: m.id, alt: m.alt, path: m.path, widths: m.widths }]);

  return (
    // Events stay here: the dialog is drawn outside the page's forms, not inside their handlers.
    <dialog
      ref={dialog}
      className="media-picker"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onSubmit={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <div className="media-picker__head">
        <h2 id={`${id}-title`}>{t('media.picker.title')}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('media.picker.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="media-picker__body">
        <form role="search" className="admin-list__query" onSubmit={search} aria-label={t('media.searchLabel')}>
          <div className="admin-list__field">
            <label htmlFor={`${id}-q`}>{t('media.search')}</label>
            <input id={`${id}-q`} type="search" name="q" defaultValue={query.q} maxLength={200} />
          </div>
          <button type="submit" className="button button--small button--ghost">
            {t('media.searchButton')}
          </button>
        </form>
        <p role="status" className="hint">
          {failed ? t('media.picker.failed') : lib ? plural('media.count', lib.total) : t('media.picker.loading')}
        </p>
        {lib?.items.length ? (
          <ul className="media-picker__grid">
            {lib.items.map((m) => {
              const img = imageSources(m.path, m.widths, 150);
              return (
                <li key={m.id}>
                  <button type="button" className="media-picker__choice" onClick={() => pick(m)} aria-label={t('media.picker.choose', { name: m.alt ? `${m.name} (${m.alt})` : m.name })}>
                    {img ? <img src={img.src} alt="" width={150} height={150} loading="lazy" /> : null}
                    <span aria-hidden="true">{m.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {lib && lib.pages > 1 ? (
          <nav className="media-picker__pages" aria-label={t('media.pagesLabel')}>
            <button type="button" className="button button--small button--ghost" disabled={lib.page <= 1} onClick={() => setQuery((s) => ({ ...s, page: lib.page - 1 }))}>
              {t('media.previous')}
            </button>
            <span>{t('media.pageOf', { page: lib.page, pages: lib.pages })}</span>
            <button type="button" className="button button--small button--ghost" disabled={lib.page >= lib.pages} onClick={() => setQuery((s) => ({ ...s, page: lib.page + 1 }))}>
              {t('media.next')}
            </button>
          </nav>
        ) : null}
        <MediaUpload keep={false} onUploaded={(images) => (images.length ? onPick(images) : undefined)} />
      </div>
    </dialog>
  );
}
