/**
 * Every public page: each .tsx file in this folder is one (docs/decisions/0029), its component the default
 * export and its definition the `page` export. A new page is a new file here; nothing else lists it.
 * The browser never loads this list (it would load every page): web/public-entry.tsx finds the one
 * page it hydrates by its file name, and the frame reads web/lib/public-site-map.ts.
 */
import type { ComponentType } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../../shared/languages';
import type { PublicPageDefinition } from '../lib/public-page-definition';

interface PageModule {
  default: ComponentType<never>;
  page: PublicPageDefinition<never>;
}

export interface PublicPageEntry extends PublicPageDefinition<unknown> {
  /** Its file's name: the name the browser entry loads its chunk by. */
  name: string;
  Component: ComponentType<Record<string, unknown>>;
}

const modules = import.meta.glob<PageModule>('./*.tsx', { eager: true });

/** In their `order`: the sitemap's and the menus'. */
export const publicPages: readonly PublicPageEntry[] = Object.entries(modules)
  .map(([file, module]) => ({
    ...(module.page as unknown as PublicPageDefinition<unknown>),
    name: file.replace(/^\.\/|\.tsx$/g, ''),
    Component: module.default as ComponentType<Record<string, unknown>>,
  }))
  .sort((a, b) => a.order - b.order);

/** The page at `path` (a definition's own path, as its route is registered). */
export function publicPageAt(path: string): PublicPageEntry {
  const page = publicPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`no public page at ${path}`);
  return page;
}

/**
 * A page's route id in a language (docs/decisions/0049): its path for English (today's ids), `<code>:<path>`
 * for another (`kn:/gallery`, `kn:/` for /kn).
 */
export function pageRouteId(path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? path : `${language}:${path}`;
}

/** The page and language of a route id made by pageRouteId. */
export function publicPageOfRouteId(id: string): { page: PublicPageEntry; language: Language } {
  const colon = id.indexOf(':');
  const code = colon > 0 ? id.slice(0, colon) : '';
  if (isLanguage(code)) return { page: publicPageAt(id.slice(colon + 1)), language: code };
  return { page: publicPageAt(id), language: DEFAULT_LANGUAGE };
}

/** Every page in every language, as its route is registered: the route's path (without the leading slash; '' for a home page) and id. */
export const publicPageRoutes: readonly { page: PublicPageEntry; language: Language; path: string; id: string }[] = LANGUAGES.flatMap(
  ({ code, prefix }) =>
    publicPages.map((page) => ({
      page,
      language: code,
      path: `${prefix}${page.path === '/' ? '' : page.path}`.replace(/^\//, ''),
      id: pageRouteId(page.path, code),
    })),
);
