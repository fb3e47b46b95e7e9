import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { imageSources } from '../../../lib/image.ts';
import { t } from '../../../i18n/t-admin.ts';
import type { LibraryItem } from '../types.ts';
import { RowAction } from '../../admin/components/row-action.tsx';

type GridItem = Omit<LibraryItem, 'createdAt'>;

/**
 * The library's pictures as cards: a thumbnail, the file name and size, its alt text in a
 * small form of its own, where it is used (links to those pages), and a delete button for an
 * unused one. Plain form posts: they work without scripts.
 */
export function MediaGrid({ items }: { items: GridItem[] }) {
  if (!items.length) return <p>{t('media.none')}</p>;
  return (
    <ul className="media-grid">
      {items.map((m) => (
        <MediaCard key={m.id} item={m} />
      ))}
    </ul>
  );
}

function MediaCard({ item: m }: { item: GridItem }) {
  const img = imageSources(m.path, m.widths, 300);
  const headingId = `media-${m.id}-name`;
  return (
    <li className="media-card" aria-labelledby={headingId} data-media={m.id}>
      <div className="media-card__thumb">{img ? <img src={img.src} alt="" width={200} height={150} loading="lazy" /> : null}</div>
      <h3 id={headingId} className="media-card__name">
        {m.name}
      </h3>
      <p className="hint">{t('media.size', { width: m.width, height: m.height })}</p>
      <Form method="post" className="media-card__alt">
        <CsrfField />
        <input type="hidden" name="intent" value="alt" />
        <input type="hidden" name="id" value={m.id} />
        <label htmlFor={`media-${m.id}-alt`}>{t('media.alt')}</label>
        <input id={`media-${m.id}-alt`} name="alt" defaultValue={m.alt} maxLength={500} />
        <button type="submit" className="button button--small button--ghost" aria-label={t('media.saveAltLabel', { name: m.name })}>
          {t('media.saveAlt')}
        </button>
      </Form>
      <div className="media-card__uses">
        {m.usedBy.length ? (
          <>
            <p className="media-card__uses-title">{t('media.usedBy')}</p>
            <ul>
              {m.usedBy.map((u) => (
                <li key={`${u.kind}${u.href}${u.name}`}>
                  <a href={u.href}>{t(`media.use.${u.kind}`, { name: u.name })}</a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="hint">{t('media.unused')}</p>
        )}
      </div>
      {m.usedBy.length ? null : (
        <RowAction intent="delete" value={m.id} label={t('media.delete')} name={t('media.deleteLabel', { name: m.name })} className="button button--small button--danger" />
      )}
    </li>
  );
}
