import { useFetcher } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { imageSources } from '../../../lib/image.ts';
import { isActionError, type ActionError } from '../../../lib/action.ts';
import { useCsrfToken } from '../../../lib/use-csrf-token.ts';
import { MediaPickerButton } from '../../media/components/media-picker.tsx';
import { t } from '../../../i18n/t-admin.ts';

/*
 * A category's picture on its admin page: the current one, and a form uploading a new one to
 * /admin/categories/image (checked by content and stored as WebP variants as product pictures
 * are; it replaces the current one at once). Without scripts the form posts and comes back
 * to this page; with them a refusal shows here without leaving it.
 */
export function CategoryPicture({ categoryId, image, defaultAlt, done }: { categoryId: number; image: { path: string; widths: string; alt: string } | null; defaultAlt: string; done: boolean }) {
  const fetcher = useFetcher<ActionError>();
  const csrf = useCsrfToken();
  const error = isActionError(fetcher.data) ? fetcher.data.error : undefined;
  const src = image ? imageSources(image.path, image.widths, 400) : null;
  return (
    <section className="category-edit__picture" aria-labelledby="picture-heading">
      <h2 id="picture-heading">{t('categories.picture')}</h2>
      {src ? <img src={src.src} srcSet={src.srcSet} sizes="320px" alt={image?.alt ?? ''} width={320} height={240} /> : <p>{t('categories.pictureNone')}</p>}
      {done && !error ? (
        <p className="notice" role="status">
          {t('categories.upload.done')}
        </p>
      ) : null}
      <MediaPickerButton
        label={src ? t('media.picker.change') : t('media.picker.open')}
        onPick={([picked]) => {
          if (picked) void fetcher.submit({ _csrf: csrf, id: String(categoryId), media_id: String(picked.id) }, { method: 'post', action: '/admin/categories/image' });
        }}
      />
      <fetcher.Form method="post" action="/admin/categories/image" encType="multipart/form-data" className="admin-editor" aria-labelledby="upload-heading">
        <fieldset>
          <legend id="upload-heading">{t('categories.upload.heading')}</legend>
          <CsrfField />
          <input type="hidden" name="id" value={categoryId} />
          <p className="hint" id="upload-hint">
            {t('categories.upload.hint')}
          </p>
          <div className="field">
            <label htmlFor="upload-file">{t('categories.upload.file')}</label>
            <input
              id="upload-file"
              name="file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              required
              aria-describedby={`upload-hint${error ? ' upload-error' : ''}`}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="upload-alt">{t('categories.upload.alt')}</label>
            <input id="upload-alt" name="alt" defaultValue={image?.alt || defaultAlt} maxLength={500} />
          </div>
          {error ? (
            <p className="error" id="upload-error" role="alert">
              {error.message}
            </p>
          ) : null}
          <button type="submit" className="button button--secondary">
            {fetcher.state === 'idle' ? t('categories.upload.button') : t('categories.upload.sending')}
          </button>
        </fieldset>
      </fetcher.Form>
    </section>
  );
}
