/**
 * The inbox as CSV that Excel opens as it is: UTF-8 with a byte order mark (else Excel reads
 * ANSI), CRLF line ends, every field quoted, and any cell a spreadsheet would run as a formula
 * (starting with = + - @, tab or CR) prefixed with ' (OWASP's CSV injection advice).
 */
import type { InboxMessage } from '../../shared/contact-inbox';

const BOM = '\uFEFF';
const HEADER = ['Name', 'Email', 'Phone', 'Message', 'Date (UTC)', 'Status'];

/** One cell: neutralised, then quoted with inner quotes doubled. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** "2026-11-22 20:12:48": a form Excel reads as a date and time. */
const excelTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** The CSV text, a batch of rows at a time (the first chunk carries the BOM and the header). */
export async function* inboxCsv(batches: AsyncIterable<InboxMessage[]>): AsyncGenerator<string> {
  yield BOM + line(HEADER);
  for await (const batch of batches) {
    yield batch.map((row) => line([row.name, row.email, row.number, row.message, excelTime(row.createdAt), row.status])).join('');
  }
}

/** contact-messages[-<status>]-YYYY-MM-DD.csv */
export function inboxCsvFileName(now: Date, status?: string): string {
  return `contact-messages${status ? `-${status.toLowerCase()}` : ''}-${now.toISOString().slice(0, 10)}.csv`;
}
