/**
 * The inbox as CSV that Excel opens as it is: UTF-8 with a byte order mark (else Excel reads
 * ANSI), CRLF line ends, every field quoted, and any cell a spreadsheet would run as a formula
 * (starting with = + - @, tab or CR) prefixed with ' (OWASP's CSV injection advice).
 */
import type { InboxMessage } from '../../shared/contact-inbox';
import { zoneDate, zoneDateTime } from '../../shared/site-time';

const BOM = '\uFEFF';
/** The date column names its zone (SITE_TIMEZONE). */
const header = (timeZone: string) => [
  'Name',
  'Email',
  'Phone',
  'Message',
  `Date (${timeZone})`,
  'Status',
  // where it came from (issue 26)
  'Page',
  'Project',
  'Campaign source',
  'Campaign medium',
  'Campaign',
  'Referring site',
  // the project form's (issue 26)
  'Wants',
  'Preferred time',
  // the pipeline's (docs/decisions/0040); the follow-up is a day in the zone already
  'Stage',
  'Lost reason',
  'Owner',
  'Next follow-up',
];

/** One cell: neutralised, then quoted with inner quotes doubled. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The CSV text in the site's time zone, a batch of rows at a time (the first chunk carries the BOM and the header); times read "2026-11-22 20:12:48", which Excel reads as a date and time. */
export async function* inboxCsv(batches: AsyncIterable<InboxMessage[]>, timeZone: string): AsyncGenerator<string> {
  yield BOM + line(header(timeZone));
  for await (const batch of batches) {
    yield batch
      .map((row) =>
        line([
          row.name,
          row.email,
          row.number,
          row.message,
          zoneDateTime(new Date(row.createdAt), timeZone),
          row.status,
          row.sourcePage ?? '',
          row.projectTitle ?? '',
          row.utmSource ?? '',
          row.utmMedium ?? '',
          row.utmCampaign ?? '',
          row.referrerHost ?? '',
          row.contactBy ?? '',
          row.preferredTime ?? '',
          row.stage,
          row.lostReason ?? '',
          row.owner?.email ?? '',
          row.followUpOn ?? '',
        ]),
      )
      .join('');
  }
}

/** contact-messages[-<status>]-YYYY-MM-DD.csv, dated in the site's time zone. */
export function inboxCsvFileName(now: Date, timeZone: string, status?: string): string {
  return `contact-messages${status ? `-${status.toLowerCase()}` : ''}-${zoneDate(now, timeZone)}.csv`;
}
