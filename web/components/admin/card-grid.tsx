/**
 * The card-grid form of an admin list (team members, experience centres, interior portfolio): the
 * same selection, sort and drag-to-order as the table (decision 0023), with a card per record.
 */
import type { ReactNode } from 'react';
import { listCopy } from '../../../shared/copy/admin';
import type { SortState } from '../../../shared/admin-list';
import { card, input } from './classes';
import { RowSelectBox, SelectBox } from './list-controls';
import type { AnyRecord } from './resource-form';
import { SortableRow, SortableRows, type RowBinding } from './sortable-rows';
import type { ListView } from './use-list-view';

export interface SortOption {
  field: string;
  label: string;
}

interface CardGridProps {
  rows: AnyRecord[];
  rowName: (row: AnyRecord) => string;
  renderCard: (row: AnyRecord) => ReactNode;
  view: ListView;
  /** Cards can be put in order by drag and drop; called with the page's ids in the new order. */
  onReorder?: (ids: string[]) => void;
}

export function CardGrid({ rows, rowName, renderCard, view, onReorder }: CardGridProps) {
  const item = (row: AnyRecord, binding?: RowBinding) => (
    <li
      key={row._id}
      ref={binding?.ref}
      style={binding?.style}
      className={`${card} relative overflow-hidden ${binding?.dragging ? 'shadow-lg ring-2 ring-brand' : ''}`}
    >
      <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-3 py-1.5">
        <RowSelectBox view={view} id={row._id} name={rowName(row)} />
        {binding?.handle}
      </div>
      {renderCard(row)}
    </li>
  );
  const ids = rows.map((row) => row._id);
  const list = (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {onReorder
        ? rows.map((row) => <SortableRow key={row._id} id={row._id} name={rowName(row)} render={(binding) => item(row, binding)} />)
        : rows.map((row) => item(row))}
    </ul>
  );
  if (!onReorder) return list;
  return (
    <SortableRows ids={ids} nameOf={(id) => rowName(rows.find((row) => row._id === id) ?? { _id: '' })} onReorder={onReorder} layout="grid">
      {list}
    </SortableRows>
  );
}

/** Above a card grid: select the page's cards, and a sort menu (a table sorts by its headers instead). */
export function CardGridControls({ view, sortOptions }: { view: ListView; sortOptions: readonly SortOption[] }) {
  const value = view.sort ? `${view.sort.field}:${view.sort.direction}` : '';
  const choose = (chosen: string) => {
    const [field, direction] = chosen.split(':');
    view.setSort(field ? ({ field, direction } as SortState) : null);
  };
  return (
    <>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        {listCopy.sortLabel}
        <select className={`${input} w-auto py-1.5`} value={value} onChange={(event) => choose(event.currentTarget.value)}>
          <option value="">{listCopy.ownOrder}</option>
          {sortOptions.map((option) => [
            <option key={`${option.field}:ascending`} value={`${option.field}:ascending`}>
              {listCopy.ascending(option.label)}
            </option>,
            <option key={`${option.field}:descending`} value={`${option.field}:descending`}>
              {listCopy.descending(option.label)}
            </option>,
          ])}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <SelectBox state={view.pageSelection} onChange={view.togglePage} />
        {listCopy.selectAll}
      </label>
    </>
  );
}
