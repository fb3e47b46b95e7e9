import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { plural, t } from '../../../i18n/t-admin.ts';
import { formatPercent } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/** A picture as the library's JSON answers it. */
export interface UploadedPicture {
  id: number;
  alt: string;
  path: string;
  widths: string;
}

export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/**
 * Uploading several pictures at once: a plain multipart form posting to the library page
 * (`intent=upload`) without scripts; with them the same form goes by XMLHttpRequest to
 * /admin/media.json, whose upload events drive a progress bar. `keep`: uploaded into the
 * library on purpose (never cleaned up); otherwise an editor's upload, removed a day later if
 * nothing uses it by then.
 */
export function MediaUpload({ keep, onUploaded }: { keep: boolean; onUploaded: (images: UploadedPicture[]) => void }) {
  const locale = useLocale();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin/media.json');
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (ev) => setProgress(ev.lengthComputable ? Math.round((ev.loaded / ev.total) * 100) : 0);
    xhr.onload = () => {
      setProgress(null);
      const answer = xhr.response as { images?: UploadedPicture[]; error?: { message: string } } | null;
      if (xhr.status < 400 && answer?.images) {
        form.current?.reset();
        setMessage({ text: plural('media.uploaded', answer.images.length), error: false });
        onUploaded(answer.images);
      } else setMessage({ text: answer?.error?.message ?? t('media.uploadFailed'), error: true });
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ text: t('media.uploadFailed'), error: true });
    };
    setProgress(0);
    setMessage(null);
    xhr.send(body);
  };

  return (
    <form ref={form} method="post" action="/admin/media" encType="multipart/form-data" className="media-upload" onSubmit={scripted ? onSubmit : undefined} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('media.upload.heading')}</h2>
      <CsrfField />
      <input type="hidden" name="intent" value="upload" />
      {keep ? <input type="hidden" name="keep" value="1" /> : null}
      <p className="hint" id={`${id}-hint`}>
        {t('media.upload.hint')}
      </p>
      <div className="media-upload__fields">
        <div className="field">
          <label htmlFor={`${id}-files`}>{t('media.upload.files')}</label>
          <input id={`${id}-files`} type="file" name="files" accept={PICTURE_TYPES} multiple required aria-describedby={`${id}-hint`} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-alt`}>{t('media.upload.alt')}</label>
          <input id={`${id}-alt`} name="alt" maxLength={500} />
        </div>
        <button type="submit" className="button button--small" aria-busy={progress !== null || undefined} disabled={progress !== null}>
          {progress !== null ? t('media.upload.sending') : t('media.upload.button')}
        </button>
      </div>
      {progress !== null ? (
        <div className="admin-upload__progress">
          <progress max={100} value={progress} aria-label={t('media.upload.progress')} />
          <span aria-hidden="true">{formatPercent(progress / 100, locale, 0)}</span>
        </div>
      ) : null}
      <p role="status" className={message?.error ? 'error' : 'hint'}>
        {message?.text ?? ''}
      </p>
    </form>
  );
}
