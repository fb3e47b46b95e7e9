import { useEffect, useState } from 'react';
import { imageSources } from '../../../lib/image.ts';
import { t } from '../../../i18n/t-admin.ts';
import type { LibraryPage } from '../types.ts';
import { MediaPickerButton, type PickedPicture } from './media-picker.tsx';

/**
 * A picture setting held as a media id (the builder's picture fields): the picture chosen,
 * shown small with its alt text, a button opening the media library's picker, and one
 * removing it when the setting is optional.
 */
export function MediaIdField({ id, value, onChange, optional }: { id: string; value: number | undefined; onChange: (value: number | undefined) => void; optional: boolean }) {
  const [picture, setPicture] = useState<PickedPicture | null>(null);
  useEffect(() => {
    if (!value || picture?.id === value) return;
    let live = true;
    void fetch(`/admin/media.json?id=${value}`, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<LibraryPage>) : null))
      .then((lib) => {
        if (live) setPicture(lib?.items[0] ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, picture?.id]);
  const img = value && picture?.id === value ? imageSources(picture.path, picture.widths, 150) : null;
  return (
    <div className="media-field" id={id}>
      {value ? (
        <p className="media-field__chosen">
          {img ? <img src={img.src} alt="" width={72} height={72} /> : null}
          <span>{t('media.picker.chosen', { id: value, alt: picture?.id === value ? picture.alt : '' })}</span>
        </p>
      ) : (
        <p className="hint">{t('media.picker.none')}</p>
      )}
      <div className="media-field__actions">
        <MediaPickerButton
          label={value ? t('media.picker.change') : t('media.picker.open')}
          onPick={([p]) => {
            if (!p) return;
            setPicture(p);
            onChange(p.id);
          }}
        />
        {value && optional ? (
          <button type="button" className="button button--small button--ghost" onClick={() => onChange(undefined)}>
            {t('media.picker.clear')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
