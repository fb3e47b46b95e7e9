import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';

/** Uploads pictures to the media library (routes/admin.pages.media.tsx); alt text required. `back`: the editor to return to. */
export function UploadForm({ back }: { back?: string }) {
  return (
    <Form method="post" action="/admin/pages/media" encType="multipart/form-data" className="admin-form page-upload">
      <CsrfField />
      {back ? <input type="hidden" name="return" value={back} /> : null}
      <p>
        <label htmlFor="media-files">{t('admin.pages.uploadFiles')}</label>
        <input id="media-files" type="file" name="files" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" multiple required />
      </p>
      <p>
        <label htmlFor="media-alt">{t('admin.pages.uploadAlt')}</label>
        <input id="media-alt" name="alt" required maxLength={200} />
      </p>
      <button type="submit" className="button button--small">
        {t('admin.pages.upload')}
      </button>
    </Form>
  );
}

