/**
 * The pure steps of an admin list (decision 0023): search, sort and pages over the records a screen
 * has loaded. The admin's list hook (web/components/admin/use-list-view.ts) puts them together.
 */
import type { FieldDef } from './resources';

/** A record as the admin lists hold it. */
type ListRecord = Readonly<Record<string, unknown>>;

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  field: string;
  direction: SortDirection;
}

export const PAGE_SIZES = [25, 50, 100] as const;

/** The fields a search looks in: every text-like field of the definition. */
export const searchFieldsOf = (fields: readonly FieldDef[]) =>
  fields.filter((field) => field.kind !== 'integer' && field.kind !== 'date').map((field) => field.name);

const textOf = (value: unknown): string =>
  Array.isArray(value) ? value.map(textOf).join(' ') : value === null || value === undefined ? '' : String(value);

/** Records whose fields hold every word of `term` (any case, any order). */
export function searchRows<T extends ListRecord>(rows: readonly T[], fields: readonly string[], term: string): readonly T[] {
  const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const haystack = fields
      .map((field) => textOf(row[field]))
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

// one collator for every comparison: numbers inside text sort as numbers ("Plot 9" before "Plot 10"); made at the first
// sort, as making it loads the locale's collation data (20-50 ms of every list screen's start when made on import)
let collator: Intl.Collator | undefined;

/** A stable sort by one field; empty values go last either way. */
export function sortRows<T extends ListRecord>(rows: readonly T[], sort: SortState | null): readonly T[] {
  if (!sort) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const texts = (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
  return rows
    .map((row, index) => ({ row, index, value: row[sort.field] }))
    .sort((a, b) => {
      const emptyA = a.value === '' || a.value === null || a.value === undefined;
      const emptyB = b.value === '' || b.value === null || b.value === undefined;
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : texts.compare(textOf(a.value), textOf(b.value));
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** Pages needed for `total` records (at least one, so "Page 1 of 1" shows for an empty match). */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Next sort when a column's header is clicked: ascending first, then it flips. */
export const nextSort = (current: SortState | null, field: string): SortState =>
  current?.field === field && current.direction === 'ascending' ? { field, direction: 'descending' } : { field, direction: 'ascending' };
