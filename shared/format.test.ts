// engine-independent: shared code; no database
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';

describe('formatNumber: the language’s locale with Indian grouping (lakh, crore)', () => {
  it('groups a lakh and a crore the Indian way in both languages', () => {
    for (const language of ['en', 'kn'] as const) {
      expect(formatNumber(999, language)).toBe('999');
      expect(formatNumber(1000, language)).toBe('1,000');
      expect(formatNumber(100000, language)).toBe('1,00,000');
      expect(formatNumber(12345678, language)).toBe('1,23,45,678');
      expect(formatNumber(-2500000.5, language)).toBe('-25,00,000.5');
    }
  });

  it('keeps Intl options: a rupee amount, no grouping when asked', () => {
    expect(formatNumber(2500000, 'kn', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })).toBe('₹25,00,000');
    expect(formatNumber(2500000, 'en', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })).toBe('₹25,00,000');
    expect(formatNumber(100000, 'kn', { useGrouping: false })).toBe('100000');
  });
});

describe('formatDate: the language’s month names', () => {
  const date = new Date('2026-03-05T12:00:00Z');
  it('writes English and Kannada month names', () => {
    expect(formatDate(date, 'en')).toBe('5 March 2026');
    expect(formatDate(date, 'kn')).toContain('ಮಾರ್ಚ್');
    expect(formatDate(date.toISOString(), 'kn')).toContain('2026');
  });
});
