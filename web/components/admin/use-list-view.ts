/**
 * Search, sort, pages and selection over the list an admin screen has loaded (decision 0023).
 * The list is held whole in the browser (a few thousand records at most), so every step is a pure
 * function over it; only the current page is rendered. Search, sort, page, page size and the screens'
 * filters live in the address's query, so a reload, a shared link and Back keep them.
 */
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PAGE_SIZES, nextSort, pageCountOf, searchRows, sortRows, type SortState } from '../../../shared/admin-list';
import type { AnyRecord } from './resource-form';

export { PAGE_SIZES, searchFieldsOf } from '../../../shared/admin-list';

/** The query parameters of a list: its search, sort ("title" or "-title"), page and page size. */
const PARAM = { query: 'q', sort: 'sort', page: 'page', size: 'size' } as const;

/** The list parameters asked for last, and the address (path and query) they were asked from: one for the
 * whole admin, since the search box and a screen's filters are separate hooks over one address. */
let asked: { from: string; next: URLSearchParams } | null = null;

/**
 * Sets list parameters in one replace ('' removes one); any change but the page's goes back to page 1.
 * Two changes in quick succession (the search cleared, then a filter chosen before the screen has drawn
 * the first) build on each other: React Router hands a functional update the address as last rendered,
 * which would bring the cleared search back.
 */
function useListParams(): [URLSearchParams, (changes: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const update = (changes: Record<string, string>) => {
    const shown = `${pathname}?${params.toString()}`;
    // the address has not caught up with the last change yet: build on that change, not on the address
    const base = asked?.from === shown ? asked.next : params;
    const next = new URLSearchParams(base);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!(PARAM.page in changes)) next.delete(PARAM.page);
    asked = { from: shown, next };
    // replaced, not pushed: Back leaves the screen rather than stepping through each key typed
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return [params, update];
}

/** One of a screen's own filters (the gallery's category), kept in the address like the search. */
export function useListFilter(name: string): [string, (value: string) => void] {
  const [params, update] = useListParams();
  return [params.get(name) ?? '', (value) => update({ [name]: value })];
}

const sortFrom = (text: string | null): SortState | null =>
  text ? { field: text.replace(/^-/, ''), direction: text.startsWith('-') ? 'descending' : 'ascending' } : null;
const sortText = (sort: SortState | null) => (sort ? `${sort.direction === 'descending' ? '-' : ''}${sort.field}` : '');

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
  /** Every matching record is selected, on every page. */
  allMatchingSelected: boolean;
  selectAllMatching: () => void;
  clearSelection: () => void;
}

export function useListView(rows: readonly AnyRecord[], searchFields: readonly string[]): ListView {
  const [params, update] = useListParams();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  const query = params.get(PARAM.query) ?? '';
  const sortParam = params.get(PARAM.sort);
  const sort = useMemo(() => sortFrom(sortParam), [sortParam]);
  const wantedSize = Number(params.get(PARAM.size));
  const pageSize: number = PAGE_SIZES.find((size) => size === wantedSize) ?? PAGE_SIZES[0];

  const matched = useMemo(() => sortRows(searchRows(rows, searchFields, query), sort), [rows, searchFields, query, sort]);
  const pages = pageCountOf(matched.length, pageSize);
  // a shorter list (a search, a filter, a delete) keeps the page in range; the address keeps what was asked for
  const page = Math.min(Math.max(1, Math.trunc(Number(params.get(PARAM.page))) || 1), pages);
  const pageRows = useMemo(() => matched.slice((page - 1) * pageSize, page * pageSize), [matched, page, pageSize]);
  const selected = useMemo(() => rows.filter((row) => selectedIds.has(row._id)), [rows, selectedIds]);
  const onPage = pageRows.filter((row) => selectedIds.has(row._id)).length;

  return {
    query,
    setQuery: (next) => update({ [PARAM.query]: next }),
    sort,
    sortBy: (field) => update({ [PARAM.sort]: sortText(nextSort(sort, field)) }),
    setSort: (next) => update({ [PARAM.sort]: sortText(next) }),
    matched,
    pageRows,
    page,
    pages,
    setPage: (next) => update({ [PARAM.page]: next > 1 ? String(next) : '' }),
    pageSize,
    setPageSize: (size) => update({ [PARAM.size]: size === PAGE_SIZES[0] ? '' : String(size) }),
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
    allMatchingSelected: matched.length > 0 && matched.every((row) => selectedIds.has(row._id)),
    selectAllMatching: () => setSelectedIds(new Set(matched.map((row) => row._id))),
    clearSelection: () => setSelectedIds(new Set()),
  };
}
