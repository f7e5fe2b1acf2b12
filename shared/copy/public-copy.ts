/**
 * The public site's fixed texts as one bundle per language (docs/decisions/0049). English is the spec's
 * copy (./public.ts and ./project-enquiry.ts, unchanged); every other language is a file
 * `public-<code>.ts` whose bundle has the same shape, checked by the type below.
 */
import * as english from './public';
import { projectEnquiry } from './project-enquiry';

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

/** The spec's English texts as a bundle: the default language's, and what the page context holds outside a page. */
export const englishCopy: PublicCopy = {
  nav: english.nav,
  footer: english.footer,
  policies: english.policies,
  states: english.states,
  home: english.home,
  clientStories: english.clientStories,
  about: english.about,
  gallery: english.gallery,
  projects: english.projects,
  interior: english.interior,
  interiorProjects: english.interiorProjects,
  contact: english.contact,
  reach: english.reach,
  toasts: english.toasts,
  language: english.language,
  options: english.options,
  projectEnquiry,
};
