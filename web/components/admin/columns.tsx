/** Column builders for the generic table. */
import { commonCopy } from '../../../shared/copy/admin';
import type { ColumnDef } from '../../../shared/resources';
import type { AnyRecord } from './resource-form';
import type { Column } from './resource-table';
import { NoAltMark, Thumb, preview } from './ui';
import { readableDate } from '../../../shared/site-time';

const text = (row: AnyRecord, field: string) => String(row[field] ?? '');

export const imageColumn = (field = 'image', alt = 'title'): Column => ({
  header: commonCopy.image,
  cell: (row) => (
    <>
      <Thumb src={text(row, field)} alt={text(row, 'imageAlt') || text(row, alt)} />
      <NoAltMark record={row} />
    </>
  ),
  className: 'w-28',
});

export const textColumn = (header: string, field: string, previewChars?: number): Column => ({
  header,
  cell: (row) => (previewChars ? preview(text(row, field), previewChars) : text(row, field)),
  className: previewChars ? 'max-w-xs' : 'font-medium',
  sortField: field,
});

/** Every image of a multi-image record, side by side. */
const imagesColumn = (header: string): Column => ({
  header,
  cell: (row) => (
    <span className="flex gap-1">
      {(Array.isArray(row.images) ? (row.images as (string | { url: string })[]) : []).map((image) => {
        const url = typeof image === 'string' ? image : image.url;
        return <Thumb key={url} src={url} alt={text(row, 'title')} className="h-12 w-16" />;
      })}
      <NoAltMark record={row} />
    </span>
  ),
});

/** The columns a definition's `admin.screen.columns` describe. */
export const columnsFrom = (columns: readonly ColumnDef[]): Column[] =>
  columns.map((column) =>
    column.kind === 'image'
      ? imageColumn(column.field, column.alt)
      : column.kind === 'images'
        ? imagesColumn(column.header)
        : textColumn(column.header, column.field, column.preview),
  );

/** A record's date as staff read it: in the site's zone (SITE_TIMEZONE), whatever the browser's. */
export const formatDate = (value: unknown, timeZone: string) =>
  typeof value === 'string' && value ? readableDate(new Date(value), timeZone) : '';
