/**
 * Every visible text of a copy bundle as a list (docs/decisions/0049): what a browser test checks a page in
 * another language against, so no English fixed text is left on it.
 */
import type { PublicCopy } from './public-copy';

/** What a text function is called with for each of its parameters: a count of one (the singular) and of seven. */
const SAMPLES = [1, 7];

/** Keys whose values are identifiers in links and anchors, never shown. */
const NOT_SHOWN = new Set(['id', 'category']);

function collect(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim()) into.add(value);
  } else if (typeof value === 'function') {
    for (const sample of SAMPLES) collect(value(...Array.from({ length: value.length }, () => sample)), into);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!NOT_SHOWN.has(key)) collect(item, into);
  }
}

/** The bundle's texts, each once; a function's with sample arguments (`Showing 7 of 7 items`, `1 photo`). */
export function copyStrings(copy: PublicCopy): string[] {
  const strings = new Set<string>();
  collect(copy, strings);
  return [...strings];
}
