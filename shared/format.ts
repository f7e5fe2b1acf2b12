/** Dates and numbers on the public pages in the page's language (docs/decisions/0049): its Intl locale, Indian grouping (lakh, crore). */
import { languageDef, type Language } from './languages';

/**
 * A count or amount with Indian grouping (12,34,567) in the language's digits. ICU groups some Indian languages'
 * numbers in thousands (kn-IN: 1,234,567), so the grouping is en-IN's and only the digits are the language's.
 */
export function formatNumber(value: number, language: Language): string {
  const { numberingSystem } = new Intl.NumberFormat(languageDef(language).locale).resolvedOptions();
  return new Intl.NumberFormat('en-IN', { numberingSystem }).format(value);
}

/** A stored day (YYYY-MM-DD) as "5 Jan 2026" in the language; a value that is not a day stays as stored. */
export function formatDay(value: string, language: Language): string {
  if (!value) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(languageDef(language).locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A copy text a count was put into (`Showing 3 of 1200 items`): each run of four or more digits grouped as `formatNumber` groups it. */
export function groupCounts(text: string, language: Language): string {
  return text.replace(/\d{4,}/g, (digits) => formatNumber(Number(digits), language));
}
