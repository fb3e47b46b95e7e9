import { useRef, useState, type ReactNode } from 'react';
import { DndContext, closestCenter, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { HandleIcon, sortableStyle, useHydrated, useSortSensors } from './sortable-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';

/*
 * The category tree of /admin/categories as nested lists. With scripts each category gets a
 * drag handle: dragged by mouse or touch, or lifted with Space or Enter and moved with the
 * arrow keys, it moves among its siblings (only they accept the drop), with its subtree; each
 * step is announced. A drop hands the whole tree's new order to `onReorder` (saved in one
 * transaction). Without scripts there are no handles: each row's up and down buttons work.
 */

export interface TreeCategory {
  id: number;
  name: string;
  parentId: number | null;
}

type Kids<T> = Map<number | null, T[]>;

const group = <T extends TreeCategory>(items: readonly T[]): Kids<T> => {
  const kids: Kids<T> = new Map();
  for (const c of items) kids.set(c.parentId, [...(kids.get(c.parentId) ?? []), c]);
  return kids;
};

/** The tree in shop order (each parent before its children), as the flat list the page and the save use. */
export const flattenTree = <T extends TreeCategory>(kids: Kids<T>, parent: number | null = null): T[] =>
  (kids.get(parent) ?? []).flatMap((c) => [c, ...flattenTree(kids, c.id)]);

export function CategoryTree<T extends TreeCategory>({ items, onReorder, row }: { items: readonly T[]; onReorder: (next: T[]) => void; row: (item: T, handle: ReactNode) => ReactNode }) {
  const sensors = useSortSensors();
  const hydrated = useHydrated();
  const kids = group(items);
  const [activeParent, setActiveParent] = useState<number | null | undefined>(undefined);
  const parentOf = (id: UniqueIdentifier) => items.find((c) => c.id === Number(id))?.parentId ?? null;
  const nameOf = (id: UniqueIdentifier) => items.find((c) => c.id === Number(id))?.name ?? '';
  // Positions are counted among the siblings as they were when the drag started.
  const start = useRef<number[]>([]);
  const vars = (active: UniqueIdentifier, over?: UniqueIdentifier) => ({
    name: nameOf(active),
    position: start.current.indexOf(Number(over ?? active)) + 1,
    count: start.current.length,
  });
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      start.current = (kids.get(parentOf(active.id)) ?? []).map((c) => c.id);
      lastOver.current = active.id;
      return t('categories.dragStart', vars(active.id));
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? t('categories.dragOver', vars(active.id, over.id)) : t('categories.dragOutside', { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) => (over ? t('categories.dragEnd', vars(active.id, over.id)) : t('categories.dragOutside', { name: nameOf(active.id) })),
    onDragCancel: ({ active }) => t('categories.dragCancel', vars(active.id)),
  };
  const end = ({ active, over }: DragEndEvent) => {
    setActiveParent(undefined);
    if (!over || active.id === over.id) return;
    const parent = parentOf(active.id);
    // Only siblings take a drop; anything else (a stray pointer) changes nothing.
    if (parentOf(over.id) !== parent) return;
    const siblings = kids.get(parent) ?? [];
    const next = new Map(kids);
    next.set(parent, arrayMove(siblings, siblings.findIndex((c) => c.id === Number(active.id)), siblings.findIndex((c) => c.id === Number(over.id))));
    onReorder(flattenTree(next));
  };
  const branch = (parent: number | null): ReactNode => {
    const list = kids.get(parent) ?? [];
    if (!list.length) return null;
    return (
      // Only the dragged category's siblings take a drop: the other lists are off while it moves.
      <SortableContext items={list.map((c) => c.id)} strategy={verticalListSortingStrategy} disabled={{ draggable: false, droppable: activeParent !== undefined && activeParent !== parent }}>
        <ol className="category-tree__list">
          {list.map((c) => (
            <Node key={c.id} id={c.id} name={c.name} hydrated={hydrated} render={(handle) => row(c, handle)}>
              {branch(c.id)}
            </Node>
          ))}
        </ol>
      </SortableContext>
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => setActiveParent(parentOf(active.id))}
      onDragCancel={() => setActiveParent(undefined)}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('categories.dragInstructions') } }}
    >
      <div className="category-tree">{branch(null)}</div>
    </DndContext>
  );
}

function Node({ id, name, hydrated, render, children }: { id: number; name: string; hydrated: boolean; render: (handle: ReactNode) => ReactNode; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = hydrated ? (
    <button type="button" className="icon-button sort-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('categories.drag', { name })}>
      <HandleIcon />
    </button>
  ) : null;
  return (
    <li ref={setNodeRef} style={sortableStyle(transform, transition, isDragging)} className={`category-tree__item${isDragging ? ' is-dragging' : ''}`} data-category={id}>
      {render(handle)}
      {children}
    </li>
  );
}
