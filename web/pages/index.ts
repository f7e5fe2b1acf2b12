/**
 * Every public page: each .tsx file in this folder is one (docs/decisions/0029), its component the default
 * export and its definition the `page` export. A new page is a new file here; nothing else lists it.
 * The browser never loads this list (it would load every page): web/public-entry.tsx finds the one
 * page it hydrates by its file name, and the frame reads web/lib/public-site-map.ts.
 */
import type { ComponentType } from 'react';
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
