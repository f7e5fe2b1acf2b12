/**
 * Drag-and-drop order of an admin table's rows or card grid's cards (dnd-kit): by mouse, touch (after a short press, so
 * the list still scrolls) and keyboard (Space, arrows, Space), with a live region saying what moved.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { lifecycleCopy } from '../../../shared/copy/admin';

interface SortableRowsProps {
  ids: string[];
  nameOf: (id: UniqueIdentifier) => string;
  /** The whole new order, first first. */
  onReorder: (ids: string[]) => void;
  /** A table's rows move up and down; a card grid's cards move in two dimensions. */
  layout?: 'rows' | 'grid';
  children: ReactNode;
}

export function SortableRows({ ids, nameOf, onReorder, layout = 'rows', children }: SortableRowsProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => lifecycleCopy.pickedUp(nameOf(active.id), place(active.id), ids.length),
    // over itself (as a drag starts) would replace the "picked up" announcement with nothing new
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? lifecycleCopy.moved(nameOf(active.id), place(over.id), ids.length) : undefined,
    onDragEnd: ({ active, over }) => (over ? lifecycleCopy.dropped(nameOf(active.id), place(over.id), ids.length) : undefined),
    onDragCancel: ({ active }) => lifecycleCopy.cancelled(nameOf(active.id)),
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: lifecycleCopy.dragInstructions },
        // its live region and instructions are divs: inside the table they would be invalid markup
        container: typeof document === 'undefined' ? undefined : document.body,
      }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A row that can be dragged by its handle: `render` gets the row's ref and style, and the handle. */
export function SortableRow({ id, name, render }: { id: string; name: string; render: (row: RowBinding) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={lifecycleCopy.dragHandle(name)}
      className="inline-flex cursor-grab touch-none items-center rounded-md p-1.5 text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand active:cursor-grabbing"
    >
      <GripVertical className="h-5 w-5" aria-hidden />
    </button>
  );
  return render({ ref: setNodeRef, style, handle, dragging: isDragging });
}

export interface RowBinding {
  ref: (node: HTMLElement | null) => void;
  style: CSSProperties;
  handle: ReactNode;
  dragging: boolean;
}
