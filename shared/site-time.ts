/** Times as people read them: in the site's time zone (SITE_TIMEZONE), through Intl, never by hand. */

/** SITE_TIMEZONE when unset: the company is in Bangalore. */
export const DEFAULT_SITE_TIMEZONE = 'Asia/Kolkata';

/** Whether Intl knows this IANA time zone name ("Asia/Kolkata"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date, timeZone: string): Record<string, string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** "2026-11-22" in the zone. */
export function zoneDate(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "2026-11-22 09:04:05" in the zone (a form spreadsheets read as a date and time); without seconds "2026-11-22 09:04". */
export function zoneDateTime(date: Date, timeZone: string, { seconds = true } = {}): string {
  const p = partsOf(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/** "22 Nov 2026, 9:04 am" in the zone, as the admin shows a moment. */
export function readableDateTime(date: Date, timeZone: string): string {
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** "22 Nov 2026" in the zone. */
export function readableDate(date: Date, timeZone: string): string {
  return date.toLocaleDateString('en-IN', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
}

/** The zone's short name at that moment ("IST"; "GMT+4" where it has none). */
export function zoneName(date: Date, timeZone: string): string {
  return partsOf(date, timeZone).timeZoneName ?? timeZone;
}

/** "2026-11-22 09:04 IST": a moment in a mail, in the zone and naming it. */
export function zoneStamp(date: Date, timeZone: string): string {
  return `${zoneDateTime(date, timeZone, { seconds: false })} ${zoneName(date, timeZone)}`;
}
