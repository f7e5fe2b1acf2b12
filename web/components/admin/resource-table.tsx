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

export function ResourceTable({ rows, columns, rowName, onEdit, onDelete, caption }: ResourceTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
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
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row._id} className="align-top hover:bg-gray-50">
              {columns.map((column) => (
                <td key={column.header} className={`px-4 py-3 text-gray-800 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
              <td className="whitespace-nowrap px-4 py-3 text-right">
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
