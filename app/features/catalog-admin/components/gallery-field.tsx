import { useRef } from 'react';
import { DndContext, closestCenter, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import type { EditorImage } from '../product-form.ts';
import { imageSources } from '../../../lib/image.ts';
import { HandleIcon, sortableStyle, useHydrated, useSortSensors } from './sortable-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';

/*
 * The product editor's gallery: each picture with its alt text, position, "main image" choice
 * and removal, as fields of the editor's form. With scripts each picture also has a handle:
 * dragged (mouse, touch) or lifted with Space and moved with the arrow keys, announced at
 * each step; a drop reorders the pictures, and their position fields follow. The main image
 * stays the one chosen (the shop shows it first). Without scripts the positions are typed.
 */
export function GalleryField({ images, onReorder }: { images: EditorImage[]; onReorder: (next: EditorImage[]) => void }) {
  const sensors = useSortSensors();
  const hydrated = useHydrated();
  const ids = images.map((i) => i.id);
  const start = useRef<number[]>(ids);
  const vars = (active: UniqueIdentifier, over?: UniqueIdentifier) => ({ n: start.current.indexOf(Number(active)) + 1, position: start.current.indexOf(Number(over ?? active)) + 1, count: start.current.length });
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      start.current = ids;
      lastOver.current = active.id;
      return t('products.gallery.dragStart', vars(active.id));
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('products.gallery.dragOver', vars(active.id, over.id));
    },
    onDragEnd: ({ active, over }) => (over ? t('products.gallery.dragEnd', vars(active.id, over.id)) : t('products.gallery.dragCancel', vars(active.id))),
    onDragCancel: ({ active }) => t('products.gallery.dragCancel', vars(active.id)),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(images, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  if (!images.length) {
    return (
      <p className="hint" id="field-images">
        {t('products.gallery.none')}
      </p>
    );
  }
  return (
    <>
      {hydrated && images.length > 1 ? <p className="hint">{t('products.gallery.hint')}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end} accessibility={{ announcements, screenReaderInstructions: { draggable: t('products.gallery.dragInstructions') } }}>
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ul className="admin-gallery" id="field-images">
            {images.map((img, i) => (
              <Picture key={img.id} image={img} index={i} handle={hydrated && images.length > 1} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </>
  );
}

function Picture({ image: img, index: i, handle }: { image: EditorImage; index: number; handle: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: img.id });
  const src = imageSources(img.path, img.widths, 300);
  return (
    <li ref={setNodeRef} style={sortableStyle(transform, transition, isDragging, 'both')} className={isDragging ? 'is-dragging' : undefined} data-image={img.id}>
      {handle ? (
        <div className="admin-gallery__top">
          <button type="button" className="icon-button sort-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('products.gallery.drag', { n: i + 1 })}>
            <HandleIcon />
          </button>
        </div>
      ) : null}
      {src ? <img src={src.src} alt="" width={160} height={160} /> : null}
      <input type="hidden" name="image_ids" value={img.id} />
      <input type="hidden" name={`image.${img.id}.path`} value={img.path} />
      <input type="hidden" name={`image.${img.id}.widths`} value={img.widths} />
      <div className="field">
        <label htmlFor={`img-alt-${img.id}`}>{t('products.gallery.alt')}</label>
        <input id={`img-alt-${img.id}`} name={`image.${img.id}.alt`} defaultValue={img.alt} maxLength={500} />
      </div>
      <div className="field">
        <label htmlFor={`img-pos-${img.id}`}>{t('products.gallery.position')}</label>
        {/* Keyed by the place: after a drag the field shows the new one. */}
        <input key={i} id={`img-pos-${img.id}`} name={`image.${img.id}.position`} type="number" min={1} defaultValue={i + 1} />
      </div>
      <div className="check">
        <input type="radio" id={`img-main-${img.id}`} name="featured_image" value={img.id} defaultChecked={i === 0} />
        <label htmlFor={`img-main-${img.id}`}>{t('products.gallery.main')}</label>
      </div>
      <div className="check">
        <input type="checkbox" id={`img-rm-${img.id}`} name={`image.${img.id}.remove`} />
        <label htmlFor={`img-rm-${img.id}`}>{t('products.gallery.remove')}</label>
      </div>
    </li>
  );
}
