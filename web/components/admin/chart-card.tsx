/**
 * A chart with its table (issue 26): the chart for the eye, the same numbers as a table for screen readers (always in
 * the page, shown to everyone by "Show as table"). Charts are drawn by recharts.
 */
import { useState, type ReactNode } from 'react';
import { insightsCopy as copy } from '../../../shared/copy/insights';
import { card } from './classes';
import { TableHead } from './ui';

export interface ChartColumn<Row> {
  label: string;
  value: (row: Row) => string | number;
}

export function ChartCard<Row>({
  title,
  rows,
  columns,
  rowKey,
  children,
}: {
  title: string;
  rows: Row[];
  columns: ChartColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The chart; left out when there are no rows. */
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`${card} p-4`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-gray-900">
          {title}
        </h3>
        {rows.length ? (
          <button type="button" className="text-sm font-medium text-blue-700 hover:underline" onClick={() => setAsTable(!asTable)}>
            {asTable ? copy.showChart : copy.showTable}
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-700">{copy.none}</p>
      ) : (
        <>
          {asTable ? null : (
            // the table below is what screen readers read: the chart is for the eye only (recharts draws it unfocusable)
            <div aria-hidden className="h-64 w-full text-xs">
              {children}
            </div>
          )}
          <div className={asTable ? 'max-h-96 overflow-auto' : 'sr-only'}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <TableHead compact headings={columns.map((column) => column.label)} />
              <tbody className="divide-y divide-gray-100">
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <td key={column.label} className="px-3 py-1.5 text-gray-800">
                        {column.value(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
