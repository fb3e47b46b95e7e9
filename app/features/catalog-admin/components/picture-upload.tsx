import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { plural, t } from '../../../i18n/t-admin.ts';
import type { EditorImage } from '../product-form.ts';
import { MediaPickerButton } from '../../media/components/media-picker.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/**
 * The editor's picture upload: a plain multipart form to /admin/products/images (without
 * scripts it comes back to the editor with the pictures in its address). With scripts the
 * form is sent by XMLHttpRequest, whose upload events drive a progress bar, and files dropped
 * anywhere on the section are sent the same way; the answer's pictures join the gallery.
 */
export function PictureUpload({ editorPath, existing, defaultAlt, onAdded }: { editorPath: string; existing: number[]; defaultAlt: string; onAdded: (images: EditorImage[]) => void }) {
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [over, setOver] = useState(false);

  const send = (body: FormData) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin/products/images.json');
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => setProgress(e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : 0);
    xhr.onload = () => {
      setProgress(null);
      const answer = xhr.response as { images?: EditorImage[]; error?: { message: string } } | null;
      if (xhr.status < 400 && answer?.images) {
        onAdded(answer.images);
        setMessage(plural('products.upload.done', answer.images.length));
        form.current?.reset();
      } else setMessage(answer?.error?.message ?? t('products.upload.failed'));
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage(t('products.upload.failed'));
    };
    setProgress(0);
    setMessage('');
    xhr.send(body);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send(new FormData(e.currentTarget));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = [...e.dataTransfer.files].filter((f) => f.type.startsWith('image/'));
    if (!dropped.length || !form.current || !files.current) return;
    const list = new DataTransfer();
    dropped.forEach((f) => list.items.add(f));
    files.current.files = list.files;
    send(new FormData(form.current));
  };

  return (
    <section
      aria-labelledby="upload-heading"
      className={`admin-upload${over ? ' admin-upload--over' : ''}`}
      onDragOver={(e) => {
        if ([...e.dataTransfer.types].includes('Files')) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h2 id="upload-heading">{t('products.upload.heading')}</h2>
      <p className="hint">{scripted ? t('products.upload.hintScripted') : t('products.upload.hint')}</p>
      <form ref={form} method="post" action="/admin/products/images" encType="multipart/form-data" className="admin-list__query" onSubmit={scripted ? onSubmit : undefined}>
        <CsrfField />
        <input type="hidden" name="return" value={editorPath} />
        {scripted ? <input type="hidden" name="js" value="1" /> : null}
        <input type="hidden" name="existing" value={existing.join(',')} />
        <div className="admin-list__field">
          <label htmlFor="upload-files">{t('products.upload.files')}</label>
          <input ref={files} id="upload-files" type="file" name="files" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" multiple required />
        </div>
        <div className="admin-list__field">
          <label htmlFor="upload-alt">{t('products.upload.alt')}</label>
          <input id="upload-alt" name="alt" defaultValue={defaultAlt} />
        </div>
        <button type="submit" className="button button--small" aria-busy={progress !== null || undefined} disabled={progress !== null}>
          {progress !== null ? t('products.upload.sending') : t('products.upload.button')}
        </button>
      </form>
      {progress !== null ? (
        <div className="admin-upload__progress">
          <progress id="upload-progress" max={100} value={progress} aria-label={t('products.upload.progress')} />
          <span aria-hidden="true">{formatPercent(progress / 100, locale, 0)}</span>
        </div>
      ) : null}
      <p role="status" className="hint">
        {message}
      </p>
      <MediaPickerButton
        onPick={(picked) => {
          onAdded(picked);
          setMessage(plural('products.upload.done', picked.length));
        }}
      />
    </section>
  );
}
