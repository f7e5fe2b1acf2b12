/**
 * Numbers and dates as a page in a language writes them (docs/decisions/0049): the language's Intl locale
 * (shared/languages.ts), with Indian grouping: a lakh is 1,00,000 and a crore 1,00,00,000 in every language.
 * `kn-IN`'s Intl data (ICU's CLDR) groups by thousands, so the integer digits are regrouped here, the same on the
 * server and in the browser. Digits stay Western Arabic (0-9), as the locales' Intl data writes them.
 */
import { languageDef, type Language } from './languages';

/** Formatters are costly to build: one per language and options. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, language: Language, options: object, make: (locale: string) => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  const found = cache.get(key) ?? make(languageDef(language).locale);
  cache.set(key, found);
  return found;
}

const numberFormat = (language: Language, options: Intl.NumberFormatOptions) =>
  cached(numberFormats, language, options, (locale) => new Intl.NumberFormat(locale, options));

/** Indian grouping of a run of digits: the last three, then twos ('10000000' -> '1,00,00,000'). */
function groupIndian(digits: string, separator: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, separator);
  return `${head}${separator}${digits.slice(-3)}`;
}

/** A number in the language's way: `formatNumber(100000, 'kn')` is '1,00,000'; options as Intl.NumberFormat's (a currency, a percentage). */
export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  const grouped = options.useGrouping !== false && options.notation === undefined;
  const plain = { ...options, useGrouping: false } satisfies Intl.NumberFormatOptions;
  if (!grouped) return numberFormat(language, options).format(value);
  // the locale's own separator (',' in en-IN and kn-IN), the digits grouped by the Indian rule
  const separator =
    numberFormat(language, {})
      .formatToParts(1000)
      .find((part) => part.type === 'group')?.value ?? ',';
  return numberFormat(language, plain)
    .formatToParts(value)
    .map((part) => (part.type === 'integer' ? groupIndian(part.value, separator) : part.value))
    .join('');
}

/** A date in the language's way (by default day, month name and year: '5 March 2026' in English). */
export function formatDate(
  value: Date | string | number,
  language: Language,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' },
): string {
  const date = value instanceof Date ? value : new Date(value);
  return cached(dateFormats, language, options, (locale) => new Intl.DateTimeFormat(locale, options)).format(date);
}

/** A stored day (YYYY-MM-DD) as "5 Jan 2026" in the language (a project's dates); a value that is not a day stays as stored. */
export function formatDay(value: string, language: Language): string {
  if (!value) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A copy text a count was put into (`Showing 3 of 120000 items`): each run of four or more digits grouped the Indian way,
 * as `formatNumber` groups a whole number in every language (Western digits, ',').
 */
export function groupCounts(text: string): string {
  return text.replace(/\d{4,}/g, (digits) => groupIndian(digits, ','));
}
