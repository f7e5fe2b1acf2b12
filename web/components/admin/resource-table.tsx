/** The one admin table: columns given per screen, edit and delete on every row. */
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { commonCopy } from '../../../shared/copy/admin';
import { btn } from './classes';
import type { AnyRecord } from './resource-form';

export interface Column {
  header: string;
  cell: (row: AnyRecord) => ReactNode;
  className?: string;
}

interface ResourceTableProps {
  rows: AnyRecord[];
  columns: Column[];
  rowName: (row: AnyRecord) => string;
  onEdit: (row: AnyRecord) => void;
  onDelete: (row: AnyRecord) => void;
  caption: string;
}

const cellClass =
  'flex gap-3 px-4 py-1.5 text-gray-800 before:w-24 before:shrink-0 before:text-xs before:font-semibold before:uppercase before:text-gray-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:before:content-none';

export function ResourceTable({ rows, columns, rowName, onEdit, onDelete, caption }: ResourceTableProps) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white shadow-sm md:overflow-x-auto">
      {/* under md each row becomes a stacked card, its cells labelled by their column */}
      <table className="block min-w-full text-sm md:table md:divide-y md:divide-gray-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-gray-50 md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold text-gray-700">
              {commonCopy.actions}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-200 md:table-row-group md:divide-gray-100">
          {rows.map((row) => (
            <tr key={row._id} className="block py-2 align-top hover:bg-gray-50 md:table-row md:py-0">
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={`${cellClass} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
              <td className="block whitespace-nowrap px-4 py-2 text-right md:table-cell md:py-3">
                <RowActions name={rowName(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="inline-flex gap-1">
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
