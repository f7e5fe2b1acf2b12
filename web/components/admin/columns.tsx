/** Column builders for the generic table. */
import { commonCopy } from '../../../shared/copy/admin';
import type { AnyRecord } from './resource-form';
import type { Column } from './resource-table';
import { Thumb, preview } from './ui';

const text = (row: AnyRecord, field: string) => String(row[field] ?? '');

export const imageColumn = (field = 'image', alt = 'title'): Column => ({
  header: commonCopy.image,
  cell: (row) => <Thumb src={text(row, field)} alt={text(row, alt)} />,
  className: 'w-28',
});

export const textColumn = (header: string, field: string, previewChars?: number): Column => ({
  header,
  cell: (row) => (previewChars ? preview(text(row, field), previewChars) : text(row, field)),
  className: previewChars ? 'max-w-xs' : 'font-medium',
});

export const formatDate = (value: unknown) =>
  typeof value === 'string' && value
    ? new Date(value).toLocaleDateString('en-IN', { year: 'numeric', month: 'short', day: 'numeric' })
    : '';
