/**
 * Search, sort, pages and selection over the list an admin screen has loaded (decision 0023).
 * The list is held whole in the browser (a few thousand records at most), so every step is a pure
 * function over it; only the current page is rendered.
 */
import { useMemo, useState } from 'react';
import { PAGE_SIZES, nextSort, pageCountOf, searchRows, sortRows, type SortState } from '../../../shared/admin-list';
import type { AnyRecord } from './resource-form';

export { PAGE_SIZES, searchFieldsOf } from '../../../shared/admin-list';

export interface ListView {
  query: string;
  setQuery: (query: string) => void;
  sort: SortState | null;
  sortBy: (field: string) => void;
  /** A sort chosen outright (a card grid's menu); null is the staff's own order. */
  setSort: (sort: SortState | null) => void;
  /** After the screen's own filters and the search: what the count and the pages are about. */
  matched: readonly AnyRecord[];
  pageRows: readonly AnyRecord[];
  page: number;
  pages: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  /** Selected records still in the list (a deleted one drops out by itself). */
  selected: readonly AnyRecord[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Whether the page's records are all, some or none selected. */
  pageSelection: 'all' | 'some' | 'none';
  togglePage: () => void;
  clearSelection: () => void;
}

export function useListView(rows: readonly AnyRecord[], searchFields: readonly string[]): ListView {
  const [query, setQueryState] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [wantedPage, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(PAGE_SIZES[0]);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());

  const matched = useMemo(() => sortRows(searchRows(rows, searchFields, query), sort), [rows, searchFields, query, sort]);
  const pages = pageCountOf(matched.length, pageSize);
  // a shorter list (a search, a filter, a delete) keeps the page in range
  const page = Math.min(Math.max(1, wantedPage), pages);
  const pageRows = useMemo(() => matched.slice((page - 1) * pageSize, page * pageSize), [matched, page, pageSize]);
  const selected = useMemo(() => rows.filter((row) => selectedIds.has(row._id)), [rows, selectedIds]);
  const onPage = pageRows.filter((row) => selectedIds.has(row._id)).length;

  return {
    query,
    setQuery: (next) => {
      setQueryState(next);
      setPage(1);
    },
    sort,
    sortBy: (field) => {
      setSort((current) => nextSort(current, field));
      setPage(1);
    },
    setSort: (next) => {
      setSort(next);
      setPage(1);
    },
    matched,
    pageRows,
    page,
    pages,
    setPage,
    pageSize,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage(1);
    },
    selected,
    isSelected: (id) => selectedIds.has(id),
    toggle: (id) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    pageSelection: onPage === 0 ? 'none' : onPage === pageRows.length ? 'all' : 'some',
    togglePage: () =>
      setSelectedIds((current) => {
        const next = new Set(current);
        const all = pageRows.every((row) => current.has(row._id));
        for (const row of pageRows) {
          if (all) next.delete(row._id);
          else next.add(row._id);
        }
        return next;
      }),
    clearSelection: () => setSelectedIds(new Set()),
  };
}
