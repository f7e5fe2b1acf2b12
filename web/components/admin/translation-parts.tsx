/**
 * The admin's parts for content in other languages (docs/decisions/0049): the "Kannada missing" marker of an item or a
 * document, the lists' "Missing Kannada" filter, and a translated input beside its English one.
 */
import type { ReactNode } from 'react';
import { translationCopy } from '../../../shared/copy/admin';
import { TRANSLATED_LANGUAGES, languageDef, type TranslatedLanguage } from '../../../shared/languages';
import { input, label as labelClass } from './classes';
import { FieldError } from './ui';

/** "Kannada missing" with the number of texts left in English; its accessible text names the count. */
function MissingTranslationMark({ language, count }: { language: TranslatedLanguage; count: number }) {
  if (count <= 0) return null;
  const { name } = languageDef(language);
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
      data-testid="missing-translation"
    >
      <span aria-hidden>
        {translationCopy.missing(name)} ({count})
      </span>
      <span className="sr-only">{translationCopy.missingCount(name, count)}</span>
    </span>
  );
}

/** The marks of every language a record misses texts in. */
export function MissingTranslationMarks({ counts }: { counts: Partial<Record<TranslatedLanguage, number>> }) {
  return (
    <>
      {TRANSLATED_LANGUAGES.map((language) => (
        <MissingTranslationMark key={language} language={language} count={counts[language] ?? 0} />
      ))}
    </>
  );
}

/** The lists' filter: all items, or those missing a language's texts (its value is the language's code). */
export function TranslationFilter({ value, onChange, className }: { value: string; onChange: (value: string) => void; className: string }) {
  return (
    <select
      aria-label={translationCopy.filter}
      className={className}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      <option value="">{translationCopy.allTranslations}</option>
      {TRANSLATED_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {translationCopy.missingFilter(languageDef(language).name)}
        </option>
      ))}
    </select>
  );
}

/** The language a filter value names (none: the filter is off). */
export const filteredLanguage = (value: string): TranslatedLanguage | undefined =>
  TRANSLATED_LANGUAGES.find((language) => language === value);

/** An English field and its translations side by side: two columns on a wide screen, one under the other on a narrow one. */
export function SideBySide({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`grid grid-cols-1 gap-4 md:grid-cols-2 ${className}`.trim()}>{children}</div>;
}

interface TranslatedFieldProps {
  id: string;
  language: TranslatedLanguage;
  label: string;
  value: string;
  /** Several lines (a text area, or a list one item per line). */
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  /** Enforced while typing (an alt text's limit). */
  maxLength?: number;
  /** Its accessible name when the visible label is shorter (an image card's "Description (Kannada)" of image 2). */
  ariaLabel?: string;
  /** The label's classes where the English input's label is styled otherwise (an image card's small labels). */
  labelClassName?: string;
  onChange: (value: string) => void;
}

/** One translated input: its label ("Title (Kannada)"), its input in the language (`lang`), its error. */
export function TranslatedField({
  id,
  language,
  label,
  value,
  multiline,
  rows = 4,
  placeholder,
  error,
  disabled,
  maxLength,
  ariaLabel,
  labelClassName = labelClass,
  onChange,
}: TranslatedFieldProps) {
  const common = {
    id,
    lang: language,
    value,
    disabled,
    maxLength,
    placeholder,
    'aria-label': ariaLabel,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: input,
  } as const;
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
