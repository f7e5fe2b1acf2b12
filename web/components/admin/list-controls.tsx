/**
 * The controls of every admin list (decision 0023): search, count, pager, selection bar and the loading skeleton; the
 * lists held in the browser (use-list-view.ts) and those the server pages (use-server-list-view.ts) share the pager.
 */
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { pageCountOf } from '../../../shared/admin-list';
import { commonCopy, listCopy } from '../../../shared/copy/admin';
import type { ServerListView } from '../../lib/admin/list-query';
import { btn, input, label } from './classes';
import type { AnyRecord } from './resource-form';
import { LabelledSelect } from './ui';
import { PAGE_SIZES, type ListView } from './use-list-view';
import type { ServerList } from './use-server-list-view';

/** An action on the selected records; the bulk bar shows one button per action. */
export interface BulkAction {
  label: string;
  tone?: 'danger' | 'normal';
  run: (rows: readonly AnyRecord[]) => void;
}

export function ListSearch({ view, placeholder, children }: { view: ListView; placeholder?: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <input
        type="search"
        aria-label={commonCopy.search}
        placeholder={placeholder}
        className={`${input} max-w-xs`}
        value={view.query}
        onChange={(event) => view.setQuery(event.currentTarget.value)}
      />
      {children}
    </div>
  );
}

/** "Page X of Y" with Previous/Next beside what comes before them, and the count on the other side: every list's pager. */
function PagerFrame({
  count,
  page,
  pages,
  busy = false,
  onPage,
  children,
}: {
  count: ReactNode;
  page: number;
  pages: number;
  /** A page is loading: the steps wait for it. */
  busy?: boolean;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  return (
    <nav aria-label={listCopy.pagination} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p aria-live="polite">{count}</p>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <button type="button" className={btn.secondary} disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
          {listCopy.previous}
        </button>
        <span>{listCopy.pageOf(page, pages)}</span>
        <button type="button" className={btn.secondary} disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
          {listCopy.next}
          <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </nav>
  );
}

/** The pager of a list held in the browser: with the page size; the count of matching items when asked for. */
export function Pager({ view, total, showCount }: { view: ListView; total: number; showCount: boolean }) {
  const shown = view.matched.length;
  return (
    <PagerFrame
      count={showCount ? (shown === total ? listCopy.items(total) : listCopy.matching(shown, total)) : null}
      page={view.page}
      pages={view.pages}
      onPage={view.setPage}
    >
      <label className="flex items-center gap-2">
        {listCopy.perPage}
        <select
          className={`${input} w-auto py-1`}
          value={view.pageSize}
          onChange={(event) => view.setPageSize(Number(event.currentTarget.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </PagerFrame>
  );
}

/**
 * The pager of a list the server pages (use-server-list-view.ts): the page's place in the whole in the screen's own
 * words (`count(first, last, total)`), the steps waiting while a view loads.
 */
export function ServerPager({
  list,
  total,
  pageSize,
  shown,
  count,
}: {
  list: Pick<ServerList<ServerListView>, 'page' | 'loading' | 'toPage'>;
  total: number;
  pageSize: number;
  /** How many items the page holds. */
  shown: number;
  count: (first: number, last: number, total: number) => string;
}) {
  const first = (list.page - 1) * pageSize + 1;
  return (
    <PagerFrame
      count={count(first, first + shown - 1, total)}
      page={list.page}
      pages={pageCountOf(total, pageSize)}
      busy={list.loading}
      onPage={list.toPage}
    />
  );
}

/** The row above a server-paged list: its search box and filters, side by side on a wide screen. */
export function ServerListControls({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-col flex-wrap gap-3 sm:flex-row sm:items-end">{children}</div>;
}

/** A server-paged list's search box, with its label shown: its text follows the typing (use-server-list-view.ts). */
export function ServerListSearch({
  id,
  label: labelText,
  placeholder,
  maxLength,
  search,
}: {
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  search: { text: string; onType: (text: string) => void };
}) {
  return (
    <div className="min-w-64 flex-1">
      <label htmlFor={id} className={label}>
        {labelText}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-500" aria-hidden />
        <input
          id={id}
          type="search"
          className={`${input} pl-9`}
          placeholder={placeholder}
          value={search.text}
          maxLength={maxLength}
          onChange={(event) => search.onType(event.target.value)}
        />
      </div>
    </div>
  );
}

/** A filter of a server-paged list: a labelled select of [value, text] choices, after the blank "All …" one when named. */
export function FilterSelect({
  id,
  label: labelText,
  value,
  all,
  choices,
  onChoose,
}: {
  id: string;
  label: string;
  value: string;
  all?: string;
  choices: readonly (readonly [value: string, text: string])[];
  onChoose: (value: string) => void;
}) {
  return (
    <LabelledSelect id={id} label={labelText} className="sm:w-48" value={value} onChoose={onChoose}>
      {(all === undefined ? choices : [['', all] as const, ...choices]).map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </LabelledSelect>
  );
}

/** Shown while records are selected: how many, one button per action, and a way to clear the selection. */
export function BulkBar({ view, actions }: { view: ListView; actions: readonly BulkAction[] }) {
  if (view.selected.length === 0) return null;
  return (
    <div
      role="region"
      aria-label={listCopy.bulkActions}
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm"
    >
      <span className="font-medium text-gray-800" aria-live="polite">
        {listCopy.selected(view.selected.length)}
      </span>
      {view.pageSelection === 'all' && !view.allMatchingSelected && view.matched.length > view.pageRows.length ? (
        <button type="button" className={btn.secondary} onClick={view.selectAllMatching}>
          {listCopy.selectAllMatching(view.matched.length)}
        </button>
      ) : null}
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={action.tone === 'danger' ? btn.danger : btn.secondary}
          onClick={() => action.run(view.selected)}
        >
          {action.label}
        </button>
      ))}
      <button type="button" className={btn.secondary} onClick={view.clearSelection}>
        {listCopy.clearSelection}
      </button>
    </div>
  );
}

/** One record's checkbox in a list (a table row or a card). */
export function RowSelectBox({ view, id, name }: { view: ListView; id: string; name: string }) {
  return (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand-dark"
      checked={view.isSelected(id)}
      onChange={() => view.toggle(id)}
      aria-label={listCopy.selectRow(name)}
    />
  );
}

/** A checkbox that can show "some" (the page's select-all when part of the page is selected). */
export function SelectBox({ state, ...rest }: { state: 'all' | 'some' | 'none' } & InputHTMLAttributes<HTMLInputElement>) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return <input ref={ref} type="checkbox" className="h-4 w-4 accent-brand-dark" checked={state === 'all'} {...rest} />;
}

/** Grey placeholders in the list's shape while it loads; the label is read out (and shown) instead of a count. */
export function ListSkeleton({ label = commonCopy.loading, grid = false }: { label?: string; grid?: boolean }) {
  const bars = Array.from({ length: grid ? 6 : 5 }, (_, index) => index);
  return (
    <div role="status" aria-live="polite" data-testid="list-skeleton">
      <p className="mb-3 text-sm text-gray-600">{label}</p>
      {grid ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-hidden>
          {bars.map((bar) => (
            <div key={bar} className="h-64 animate-pulse rounded-xl bg-gray-200" />
          ))}
        </div>
      ) : (
        <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4" aria-hidden>
          {bars.map((bar) => (
            <div key={bar} className="flex items-center gap-4">
              <div className="h-12 w-16 animate-pulse rounded bg-gray-200" />
              <div className="h-4 flex-1 animate-pulse rounded bg-gray-200" />
              <div className="h-4 w-24 animate-pulse rounded bg-gray-200" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
