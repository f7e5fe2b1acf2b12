/** The inbox's messages (web/routes/admin/messages.tsx): a table on wide screens, cards on narrow ones, and the pages. */
import type { ReactNode } from 'react';
import { messagesCopy as copy } from '../../../shared/copy/admin';
import type { InboxMessage } from '../../../shared/contact-inbox';
import { formatPhone } from '../../../shared/phone';
import { readableDate } from '../../../shared/site-time';
import { useAdminLimits } from '../../lib/admin/admin-limits';
import { btn, card } from './classes';
import { AlertState, MessageText, StageLine, StatusBadge } from './inbox-message';

function Email({ email }: { email: string }) {
  return email ? (
    <a className="text-blue-700 underline" href={`mailto:${email}`}>
      {email}
    </a>
  ) : null;
}

export function InboxList({
  rows,
  onOpen,
  pager,
}: {
  rows: InboxMessage[];
  onOpen: (row: InboxMessage) => void;
  /** The pages' navigation below the list. */
  pager: ReactNode;
}) {
  const { timeZone } = useAdminLimits();
  const openButton = (row: InboxMessage) => (
    <button type="button" className={btn.smallEdit} onClick={() => onOpen(row)} aria-label={copy.openLabel(row.name)}>
      {copy.open}
    </button>
  );
  const state = (row: InboxMessage) => (
    <>
      <StatusBadge status={row.status} />
      <AlertState alert={row.alert} />
      <StageLine message={row} />
    </>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">{copy.title}</caption>
          <thead className="bg-gray-50">
            <tr>
              {[...Object.values(copy.columns), copy.statusColumn, copy.actionsColumn].map((header) => (
                <th key={header} scope="col" className="px-4 py-3 text-left font-semibold text-gray-700">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row._id} className="align-top" data-testid="message-row">
                <td className={`px-4 py-3 ${row.status === 'New' ? 'font-semibold' : 'font-medium'}`}>{row.name}</td>
                <td className="px-4 py-3">
                  <Email email={row.email} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatPhone(row.number)}</td>
                <td className="max-w-md px-4 py-3">
                  <MessageText message={row.message} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">{readableDate(new Date(row.createdAt), timeZone)}</td>
                <td className="px-4 py-3">{state(row)}</td>
                <td className="px-4 py-3">{openButton(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row._id} className={`${card} p-4 text-sm`}>
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{row.name}</p>
              <p className="text-xs text-gray-600">{readableDate(new Date(row.createdAt), timeZone)}</p>
            </div>
            <p className="mt-1 break-all">
              <Email email={row.email} />
            </p>
            <p className="text-gray-700">{formatPhone(row.number)}</p>
            <p className="mt-2 text-gray-800">
              <MessageText message={row.message} />
            </p>
            <div className="mt-2 flex items-center justify-between">
              <span>{state(row)}</span>
              {openButton(row)}
            </div>
          </li>
        ))}
      </ul>
      {pager}
    </>
  );
}
