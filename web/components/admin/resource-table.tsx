/** The one admin table: columns given per screen, edit and delete on every row. */
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { commonCopy, lifecycleCopy, listCopy } from '../../../shared/copy/admin';
import { btn } from './classes';
import { LifecycleControls, type RowLifecycle } from './lifecycle-controls';
import { RowSelectBox, SelectBox } from './list-controls';
import type { AnyRecord } from './resource-form';
import { SortableRow, SortableRows, type RowBinding } from './sortable-rows';
import type { ListView } from './use-list-view';

export interface Column {
  header: string;
  cell: (row: AnyRecord) => ReactNode;
  className?: string;
  /** The record field the column sorts by; without it the header is not a sort button. */
  sortField?: string;
}

interface ResourceTableProps {
  rows: AnyRecord[];
  columns: Column[];
  rowName: (row: AnyRecord) => string;
  onEdit: (row: AnyRecord) => void;
  onDelete: (row: AnyRecord) => void;
  caption: string;
  /** Shown/Hidden and View on site per row. */
  lifecycle?: (row: AnyRecord) => RowLifecycle;
  /** Rows can be put in order by drag and drop; called with every id in the new order. */
  onReorder?: (ids: string[]) => void;
  /** Sorting by the headers and the row checkboxes (decision 0023). */
  view?: ListView;
}

const cellClass =
  'flex gap-3 px-4 py-1.5 text-gray-800 before:w-24 before:shrink-0 before:text-xs before:font-semibold before:uppercase before:text-gray-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:before:content-none';

export function ResourceTable({ rows, columns, rowName, onEdit, onDelete, caption, lifecycle, onReorder, view }: ResourceTableProps) {
  const row = (record: AnyRecord, binding?: RowBinding) => (
    <tr
      key={record._id}
      ref={binding?.ref}
      style={binding?.style}
      className={`block py-2 align-top hover:bg-gray-50 md:table-row md:py-0 ${binding?.dragging ? 'bg-orange-50 shadow-md' : ''}`}
    >
      {binding ? <td className="block px-4 py-1 md:table-cell md:w-12 md:py-3">{binding.handle}</td> : null}
      {view ? (
        <td className="block px-4 py-1.5 md:table-cell md:py-3">
          <RowSelectBox view={view} id={record._id} name={rowName(record)} />
        </td>
      ) : null}
      {columns.map((column) => (
        <td key={column.header} data-label={column.header} className={`${cellClass} ${column.className ?? ''}`}>
          {column.cell(record)}
        </td>
      ))}
      <td className="block whitespace-nowrap px-4 py-2 text-right md:table-cell md:py-3">
        <RowActions
          name={rowName(record)}
          onEdit={() => onEdit(record)}
          onDelete={() => onDelete(record)}
          lifecycle={lifecycle?.(record)}
        />
      </td>
    </tr>
  );
  const ids = rows.map((record) => record._id);
  const body = (
    <tbody className="block divide-y divide-gray-200 md:table-row-group md:divide-gray-100">
      {onReorder
        ? rows.map((record) => (
            <SortableRow key={record._id} id={record._id} name={rowName(record)} render={(binding) => row(record, binding)} />
          ))
        : rows.map((record) => row(record))}
    </tbody>
  );
  return (
    <div className="rounded-xl border border-gray-200 bg-white shadow-sm md:overflow-x-auto">
      {/* under md each row becomes a stacked card, its cells labelled by their column */}
      <table className="block min-w-full text-sm md:table md:divide-y md:divide-gray-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-gray-50 md:table-header-group">
          <tr>
            {onReorder ? (
              <th scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                <span className="sr-only">{lifecycleCopy.orderColumn}</span>
              </th>
            ) : null}
            {view ? (
              <th scope="col" className="w-10 px-4 py-3">
                <SelectBox state={view.pageSelection} onChange={view.togglePage} aria-label={listCopy.selectAll} />
              </th>
            ) : null}
            {columns.map((column) => (
              <SortableHeader key={column.header} column={column} view={view} />
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold text-gray-700">
              {commonCopy.actions}
            </th>
          </tr>
        </thead>
        {onReorder ? (
          <SortableRows ids={ids} nameOf={(id) => rowName(rows.find((record) => record._id === id) ?? { _id: '' })} onReorder={onReorder}>
            {body}
          </SortableRows>
        ) : (
          body
        )}
      </table>
    </div>
  );
}

/** A column header; a sort button with aria-sort when the column sorts. */
function SortableHeader({ column, view }: { column: Column; view?: ListView }) {
  const className = 'px-4 py-3 text-left font-semibold text-gray-700';
  if (!view || !column.sortField) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const field = column.sortField;
  const direction = view.sort?.field === field ? view.sort.direction : undefined;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" className={className} aria-sort={direction ?? 'none'}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand"
        onClick={() => view.sortBy(field)}
        title={listCopy.sortBy(column.header)}
      >
        {column.header}
        <Icon className={`h-3.5 w-3.5 ${direction ? 'text-gray-900' : 'text-gray-400'}`} aria-hidden />
      </button>
    </th>
  );
}

export function RowActions({
  name,
  onEdit,
  onDelete,
  lifecycle,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  lifecycle?: RowLifecycle;
}) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {lifecycle ? <LifecycleControls name={name} lifecycle={lifecycle} /> : null}
      <button type="button" className={btn.smallEdit} onClick={onEdit} aria-label={`${commonCopy.edit} ${name}`}>
        <Pencil className="h-4 w-4" aria-hidden />
        {commonCopy.edit}
      </button>
      <button type="button" className={btn.smallDelete} onClick={onDelete} aria-label={`${commonCopy.delete} ${name}`}>
        <Trash2 className="h-4 w-4" aria-hidden />
        {commonCopy.delete}
      </button>
    </span>
  );
}
