// engine-independent: shared code; no database
/** Times in the site's zone through Intl: Bangalore is UTC+5:30, and a late UTC evening is the next day there. */
import { describe, expect, it } from 'vitest';
import { replyMailto } from './contact-inbox';
import { formatInZone, isTimeZone, readableDate, readableDateTime, zoneDate, zoneDateTime, zoneName } from './site-time';

const lateEvening = new Date('2026-11-21T22:04:05Z');

describe('site time', () => {
  it('writes a moment in the zone, not UTC', () => {
    expect(zoneDateTime(lateEvening, 'Asia/Kolkata')).toBe('2026-11-22 03:34:05');
    expect(zoneDateTime(lateEvening, 'Asia/Kolkata', { seconds: false })).toBe('2026-11-22 03:34');
    expect(zoneDate(lateEvening, 'Asia/Kolkata')).toBe('2026-11-22');
    expect(zoneName(lateEvening, 'Asia/Kolkata')).toBe('IST');
    expect(zoneDateTime(lateEvening, 'Europe/London')).toBe('2026-11-21 22:04:05');
    expect(readableDate(lateEvening, 'Asia/Kolkata')).toBe('22 Nov 2026');
    expect(readableDateTime(new Date('2026-11-22T03:34:00Z'), 'Asia/Kolkata')).toMatch(/^22 Nov 2026, 9:04\s?am$/i);
  });

  it('words a moment as toLocaleString does, through formatters made once per zone and options', () => {
    const moments = [new Date('2026-11-22T03:34:05Z'), new Date('2031-03-02T23:59:59Z'), new Date(Number.NaN)];
    for (const timeZone of ['Asia/Kolkata', 'America/New_York', 'UTC'])
      for (const options of [
        { dateStyle: 'medium', timeStyle: 'medium' },
        { day: 'numeric', month: 'short' },
      ] as const)
        for (const date of moments)
          expect(formatInZone(date, timeZone, options)).toBe(date.toLocaleString('en-IN', { ...options, timeZone }));
  });

  it('knows IANA zone names', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Bangalore')).toBe(false);
  });

  it("dates the reply e-mail by the enquiry's day in the zone", () => {
    const href = replyMailto(
      { name: 'Asha', email: 'asha@example.com', message: 'Hi', createdAt: lateEvening.toISOString() },
      'Asia/Kolkata',
    );
    expect(new URL(href).searchParams.get('subject')).toBe('Re: Your enquiry of 2026-11-22');
  });
});
