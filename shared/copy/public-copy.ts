/**
 * The public site's fixed texts as one bundle per language (docs/decisions/0049). English is the spec's
 * copy (./public.ts and ./project-enquiry.ts, unchanged, bundled in ./public-en.ts); every language is a file
 * `public-<code>.ts` whose bundle has the same shape, checked by the type below: a chunk of its own in the browser,
 * so a page loads its language's texts only.
 */
import type * as english from './public';
import type { projectEnquiry } from './project-enquiry';
import { propertyOf } from '../narrow';

/** Literal string types become `string` (and so on, through objects, lists and functions), so another language's words fit. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Widen<R>
      : T extends readonly [unknown, ...unknown[]]
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T extends readonly (infer E)[]
          ? readonly Widen<E>[]
          : T extends object
            ? { readonly [K in keyof T]: Widen<T[K]> }
            : T;

/** The English bundle's shape: every group of ./public.ts that holds words, and the project form's. */
interface EnglishCopy {
  nav: typeof english.nav;
  footer: typeof english.footer;
  policies: typeof english.policies;
  states: typeof english.states;
  home: typeof english.home;
  clientStories: typeof english.clientStories;
  about: typeof english.about;
  gallery: typeof english.gallery;
  projects: typeof english.projects;
  interior: typeof english.interior;
  interiorProjects: typeof english.interiorProjects;
  contact: typeof english.contact;
  reach: typeof english.reach;
  toasts: typeof english.toasts;
  language: typeof english.language;
  options: typeof english.options;
  projectEnquiry: typeof projectEnquiry;
}

/** What a language's copy file exports: the same texts, in its words. */
export type PublicCopy = Widen<EnglishCopy>;

/**
 * One text of the bundle by its group and key (`['nav', 'home']`): what the page definitions name for the frame's menus
 * and loading texts, a value the browser's site map can carry (vite.public.config.ts) and each page's language words.
 */
export type CopyKey = {
  [G in keyof PublicCopy]: { [K in keyof PublicCopy[G]]: PublicCopy[G][K] extends string ? readonly [G, K] : never }[keyof PublicCopy[G]];
}[keyof PublicCopy];

/** The text `key` names in `copy`. */
export function copyText(copy: PublicCopy, [group, key]: CopyKey): string {
  const text = propertyOf(copy[group], key);
  return typeof text === 'string' ? text : '';
}

/**
 * How a stored fixed-choice value reads in the page's language (`copy.options.*`); `lang` is 'en' when the value
 * is free text the copy does not word (a gallery category staff typed in), shown as stored.
 */
export function optionLabel(words: Readonly<Record<string, string>>, value: string): { text: string; lang: 'en' | undefined } {
  return Object.hasOwn(words, value) ? { text: words[value], lang: undefined } : { text: value, lang: 'en' };
}
