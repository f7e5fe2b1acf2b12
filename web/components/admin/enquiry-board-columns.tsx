/**
 * The pipeline board's columns (docs/decisions/0040): one per stage, each enquiry a card dragged by its
 * handle to another stage with dnd-kit, by mouse, touch (after a short press, so the board still scrolls)
 * or keyboard (Space, the left and right arrows from column to column, Space), with a live region saying what moved.
 */
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { InboxMessage } from '../../../shared/contact-inbox';
import { messagesCopy, pipelineCopy as copy } from '../../../shared/copy/admin';
import { STAGES, type Stage } from '../../../shared/enquiry-pipeline';
import { isOneOf } from '../../../shared/narrow';
import { formatPhone } from '../../../shared/phone';
import { btn } from './classes';

export interface BoardColumn {
  stage: Stage;
  total: number;
  data: InboxMessage[];
}

/** The left and right arrows carry the card to the middle of the column beside the one it is over. */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects } }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
  event.preventDefault();
  if (!collisionRect) return undefined;
  const columns = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const middle = collisionRect.left + collisionRect.width / 2;
  const current = columns.findIndex((rect) => middle >= rect.left && middle < rect.left + rect.width);
  const next = columns[current + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!next) return undefined;
  return { x: next.left + (next.width - collisionRect.width) / 2, y: Math.max(next.top, collisionRect.top) };
};

export function BoardColumns({
  columns,
  onMove,
  onOpen,
}: {
  columns: BoardColumn[];
  /** A card dropped on another stage. */
  onMove: (message: InboxMessage, stage: Stage) => void;
  onOpen: (message: InboxMessage) => void;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const messages = new Map(columns.flatMap((column) => column.data.map((message) => [message._id, message] as const)));
  const nameOf = (id: UniqueIdentifier) => messages.get(String(id))?.name ?? '';
  const stageOf = (id: UniqueIdentifier | undefined) => String(id ?? '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => copy.pickedUp(nameOf(active.id), messages.get(String(active.id))?.stage ?? ''),
    // over its own column (as a drag starts) would replace the "picked up" announcement with nothing new
    onDragOver: ({ active, over }) =>
      over && over.id !== messages.get(String(active.id))?.stage ? copy.movedOver(nameOf(active.id), stageOf(over.id)) : undefined,
    onDragEnd: ({ active, over }) => (over ? copy.dropped(nameOf(active.id), stageOf(over.id)) : undefined),
    onDragCancel: ({ active }) => copy.cancelled(nameOf(active.id)),
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    const message = messages.get(String(active.id));
    const stage = over?.id;
    if (!message || !isOneOf(STAGES, stage) || stage === message.stage) return;
    onMove(message, stage);
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: copy.instructions } }}
    >
      <div className="overflow-x-auto pb-2">
        <div className="grid min-w-[60rem] grid-cols-6 gap-3">
          {columns.map((column) => (
            <Column key={column.stage} column={column} onOpen={onOpen} />
          ))}
        </div>
      </div>
    </DndContext>
  );
}

function Column({ column, onOpen }: { column: BoardColumn; onOpen: (message: InboxMessage) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const headingId = `board-column-${column.stage.replace(/\s+/g, '-')}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="board-column"
      data-stage={column.stage}
      className={`flex min-h-64 flex-col rounded-xl border p-2 ${isOver ? 'border-brand bg-blue-50' : 'border-gray-200 bg-gray-50'}`}
    >
      <h2 id={headingId} className="px-1 pb-2 text-sm font-semibold text-gray-800">
        {copy.column(column.stage, column.total)}
      </h2>
      {column.data.length === 0 ? <p className="px-1 text-sm text-gray-600">{copy.emptyStage}</p> : null}
      <ul className="space-y-2">
        {column.data.map((message) => (
          <Card key={message._id} message={message} onOpen={onOpen} />
        ))}
      </ul>
      {column.total > column.data.length ? (
        <p className="mt-2 px-1 text-xs text-gray-600">{copy.moreInStage(column.data.length, column.total)}</p>
      ) : null}
    </section>
  );
}

function Card({ message, onOpen }: { message: InboxMessage; onOpen: (message: InboxMessage) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({ id: message._id });
  return (
    <li
      ref={setNodeRef}
      data-testid="board-card"
      style={{ transform: CSS.Translate.toString(transform), position: 'relative', zIndex: isDragging ? 10 : undefined }}
      className={`rounded-lg border border-gray-200 bg-white p-2 text-sm shadow-sm ${isDragging ? 'shadow-lg' : ''}`}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={copy.dragHandle(message.name, message.stage)}
          className="inline-flex cursor-grab touch-none items-center rounded-md p-1 text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand active:cursor-grabbing"
        >
          <GripVertical className="h-4 w-4" aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{message.name}</p>
          <p className="text-xs text-gray-700">{formatPhone(message.number)}</p>
          {message.owner ? <p className="truncate text-xs text-gray-700">{message.owner.email}</p> : null}
          {message.followUpOn ? <p className="text-xs text-gray-700">{copy.followUpOn(message.followUpOn)}</p> : null}
        </div>
      </div>
      <button
        type="button"
        className={`${btn.smallEdit} mt-1`}
        onClick={() => onOpen(message)}
        aria-label={messagesCopy.openLabel(message.name)}
      >
        {messagesCopy.open}
      </button>
    </li>
  );
}
