// engine-independent: shared code; no database
/** Counts, days, opening hours and fixed choices as the public pages show them in the page's language (docs/decisions/0049). */
import { describe, expect, it, vi } from 'vitest';
import { formatDay, groupCounts } from './format';
import { copyText, optionLabel } from './copy/public-copy';
import { formatCount } from './copy/admin';
import { englishCopy } from './copy/public-en';
import { kn } from './copy/public-kn';
import { openingHoursText, DEFAULT_SITE_SETTINGS, WEEKDAYS, type SiteSettings } from './site-settings';

describe('groupCounts', () => {
  it('regroups the counts a copy text was given (lakh, crore), and nothing shorter', () => {
    expect(groupCounts('Showing 24 of 125000 items')).toBe('Showing 24 of 1,25,000 items');
    expect(groupCounts('Showing 3 of 10 items')).toBe('Showing 3 of 10 items');
  });
});

describe('formatCount (the admin’s counts)', () => {
  it('groups the Indian way as Intl’s en-IN does, without making a formatter', () => {
    const counts = [0, 7, 999, 1000, 12345, 100000, 1234567, 10000000, -54321, Number.MAX_SAFE_INTEGER];
    const intl = new Intl.NumberFormat('en-IN');
    const made = vi.spyOn(Intl, 'NumberFormat');
    const own = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      const written = counts.map(formatCount);
      expect(made).not.toHaveBeenCalled();
      expect(own).not.toHaveBeenCalled();
      expect(written).toEqual(counts.map((n) => intl.format(n)));
    } finally {
      made.mockRestore();
      own.mockRestore();
    }
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});

describe('formatDay', () => {
  it('writes a stored day in the language’s words, and keeps what is not a day', () => {
    expect(formatDay('2026-01-05', 'en')).toBe('5 Jan 2026');
    const kannada = formatDay('2026-01-05', 'kn');
    expect(kannada).not.toContain('Jan');
    expect(kannada).toContain('2026');
    expect(formatDay('soon', 'kn')).toBe('soon');
    expect(formatDay('', 'kn')).toBe('');
  });
});

describe('optionLabel', () => {
  it('words a stored choice in the copy, and shows free text as stored, marked English', () => {
    const words = { ...englishCopy.options.projectStatus, Upcoming: 'ಮುಂಬರುವ' };
    expect(optionLabel(words, 'Upcoming')).toEqual({ text: 'ಮುಂಬರುವ', lang: undefined });
    expect(optionLabel(englishCopy.options.galleryCategory, 'Garden')).toEqual({ text: 'Garden', lang: 'en' });
    // an inherited name is no stored value's word
    expect(optionLabel(englishCopy.options.galleryCategory, 'toString')).toEqual({ text: 'toString', lang: 'en' });
  });
});

describe('copyText', () => {
  it('reads the text a page definition names by group and key', () => {
    expect(copyText(englishCopy, ['nav', 'clientStories'])).toBe('Client Story');
    expect(copyText(englishCopy, ['states', 'galleryLoading'])).toBe('Loading gallery...');
  });
});

describe('openingHoursText in a language', () => {
  const site: SiteSettings = {
    ...DEFAULT_SITE_SETTINGS,
    hours: {
      ...DEFAULT_SITE_SETTINGS.hours,
      monday: { opens: '09:00', closes: '20:30' },
      tuesday: { opens: '09:00', closes: '20:30' },
    },
  };

  it('stays the English words on English pages, and words days and times by the locale elsewhere', () => {
    expect(openingHoursText(site, 'en', englishCopy.options.weekday)).toEqual(['Mon-Tue: 9AM - 8:30PM']);
    expect(openingHoursText(site, 'kn', kn.options.weekday)).toEqual(['ಸೋಮ-ಮಂಗಳ: 09:00 - 20:30']);
    // the Kannada copy's day names are the kn-IN locale's own short ones (Intl's, as the page worded them before)
    const intl = new Intl.DateTimeFormat('kn-IN', { weekday: 'short', timeZone: 'UTC' });
    expect(WEEKDAYS.map((day) => kn.options.weekday[day])).toEqual(WEEKDAYS.map((_, i) => intl.format(new Date(Date.UTC(2024, 0, 1 + i)))));
  });

  it('words them without Intl: a kn-IN date formatter made in the browser took about 100 ms of a Kannada page’s hydration', () => {
    const made = [
      vi.spyOn(Intl, 'DateTimeFormat'),
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
      vi.spyOn(Date.prototype, 'toLocaleTimeString'),
      vi.spyOn(Date.prototype, 'toLocaleString'),
    ];
    try {
      openingHoursText(site, 'kn', kn.options.weekday);
      openingHoursText(site, 'en', englishCopy.options.weekday);
      for (const spy of made) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of made) spy.mockRestore();
    }
  });
});
