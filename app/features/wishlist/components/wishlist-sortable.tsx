import { useRef, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { t } from '../../../i18n/t-wishlist.ts';

/** What a row needs to become sortable: its ref and style, and the handle's attributes and listeners. */
export interface SortableRowProps {
  setNodeRef: (node: HTMLElement | null) => void;
  style: CSSProperties;
  dragging: boolean;
  handle: Record<string, unknown>;
}

function SortableRow({ id, render }: { id: number; render: (props: SortableRowProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: isDragging ? 'relative' : undefined,
    zIndex: isDragging ? 1 : undefined,
  };
  return render({ setNodeRef, style, dragging: isDragging, handle: { ...attributes, ...listeners, ref: setActivatorNodeRef } });
}

/**
 * The rows of the owner's list, sortable by pointer (the handle) and by keyboard (Space to
 * lift, arrows to move, Space to drop, Escape to cancel), with the moves announced. Loaded
 * only on the wishlist page, after hydration.
 */
export function SortableRows<T extends { id: number; name: string }>({
  items,
  onReorder,
  render,
}: {
  items: T[];
  onReorder: (next: T[]) => void;
  render: (item: T, props: SortableRowProps) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const name = (id: UniqueIdentifier) => items.find((i) => i.id === id)?.name ?? '';
  // Positions are counted in the order the drag started from (where a drop over an item puts
  // the dragged one), not in the order after the drop, which may have rendered already.
  const startIds = useRef(ids);
  const pos = (id: UniqueIdentifier | undefined) => String(startIds.current.indexOf(Number(id)) + 1);
  const vars = (active: UniqueIdentifier, over?: UniqueIdentifier) => ({ product: name(active), position: pos(over ?? active), total: ids.length });
  // The row is over itself right after the lift: that first "over" would drown the lift's words.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      startIds.current = ids;
      lastOver.current = active.id;
      return t('wishlist.dragStart', vars(active.id));
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? t('wishlist.dragOver', vars(active.id, over.id)) : t('wishlist.sortOutside', vars(active.id));
    },
    onDragEnd: ({ active, over }) => (over ? t('wishlist.dragEnd', vars(active.id, over.id)) : t('wishlist.sortOutside', vars(active.id))),
    onDragCancel: ({ active }) => t('wishlist.dragCancel', vars(active.id)),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('wishlist.sortInstructions') };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(items, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end} accessibility={{ announcements, screenReaderInstructions }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item) => (
          <SortableRow key={item.id} id={item.id} render={(props) => render(item, props)} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
