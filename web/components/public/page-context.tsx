/**
 * What every public page's parts read: the Site settings and the address (path and query). The
 * public pages hydrate without React Router (docs/decisions/0027), so this is their own small
 * context, filled on the server from the request and in the browser from `location`.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../../shared/site-settings';
import { DEFAULT_LANGUAGE, localizedHref, localizedPath, splitLanguage, type Language } from '../../../shared/languages';
import type { PublicCopy } from '../../../shared/copy/public-copy';

interface PageContextValue {
  site: SiteSettings;
  /** The page's language (docs/decisions/0049) and its fixed texts (none outside a page: each language's copy is loaded by its pages only). */
  language: Language;
  copy: PublicCopy | null;
  pathname: string;
  search: string;
  setSearch: (search: string, options?: SetSearchOptions) => void;
  languageLinks?: Partial<Record<Language, string>>;
}

/** `replace`: the address changes without a new history entry (more of the same view, not another view). */
interface SetSearchOptions {
  replace?: boolean;
}

const PageContext = createContext<PageContextValue>({
  site: DEFAULT_SITE_SETTINGS,
  language: DEFAULT_LANGUAGE,
  copy: null,
  pathname: '/',
  search: '',
  setSearch: () => {},
});

/** What a public page is rendered with, on the server and again in the browser (serialised between them). */
export interface PageAddress {
  site: SiteSettings;
  /** Its language: the path's prefix (shared/languages.ts). */
  language: Language;
  pathname: string;
  /** the query with its leading '?', or '' */
  search: string;
  /** Where the language switcher leads instead of this page in that language (a preview link's same preview). */
  languageLinks?: Partial<Record<Language, string>>;
}

/** `copy`: the page language's texts (not serialised with the address: the browser entry loads the language's copy chunk). */
export function PageContextProvider({
  site,
  language,
  copy,
  pathname,
  search: initialSearch,
  languageLinks,
  children,
}: PageAddress & { copy: PublicCopy; children: ReactNode }) {
  const [search, setSearchState] = useState(initialSearch);
  // Back and Forward between filter choices: the query is the page's state
  useEffect(() => {
    const onPop = () => setSearchState(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const setSearch = useCallback(
    (next: string, options?: SetSearchOptions) => {
      const query = next && !next.startsWith('?') ? `?${next}` : next;
      // a page shown at an address of its own (a preview link, /preview/<token>) keeps it: its view is the server's to
      // render (the draft in place), so a filter there loads the page again instead of fetching the public view
      if (window.location.pathname !== pathname) {
        const url = `${window.location.pathname}${query}${window.location.hash}`;
        if (options?.replace) window.location.replace(url);
        else window.location.assign(url);
        return;
      }
      const url = `${pathname}${query}${window.location.hash}`;
      if (options?.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      setSearchState(query);
    },
    [pathname],
  );
  const value = useMemo(
    () => ({ site, language, copy, pathname, search, setSearch, languageLinks }),
    [site, language, copy, pathname, search, setSearch, languageLinks],
  );
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

/** The Site settings (the defaults outside a public page). */
export function useSiteSettings(): SiteSettings {
  return useContext(PageContext).site;
}

/** The page's language. */
export function useLanguage(): Language {
  return useContext(PageContext).language;
}

/** The page's fixed texts, in its language. */
export function usePublicCopy(): PublicCopy {
  const { copy } = useContext(PageContext);
  if (!copy) throw new Error('usePublicCopy: a public part is rendered outside a public page (PublicApp)');
  return copy;
}

/** Site paths in the page's language: `localize('/gallery')` is `/kn/gallery` on a Kannada page (shared/languages.ts, localizedHref). */
export function useLocalizedHref(): (href: string) => string {
  const { language } = useContext(PageContext);
  return useCallback((href: string) => localizedHref(href, language), [language]);
}

export function usePathname(): string {
  return useContext(PageContext).pathname;
}

/** Where the language switcher leads for a language: this page in it, with its query, or a preview link's same preview. */
export function useLanguageLink(): (language: Language) => string {
  const { pathname, search, languageLinks } = useContext(PageContext);
  return useCallback(
    (language: Language) => `${languageLinks?.[language] ?? localizedPath(splitLanguage(pathname).path, language)}${search}`,
    [pathname, search, languageLinks],
  );
}

/** The query as URLSearchParams and a setter that adds (or with `replace`, replaces) a history entry without reloading or scrolling. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: SetSearchOptions) => void] {
  const { search, setSearch } = useContext(PageContext);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: SetSearchOptions) =>
      setSearch(new URLSearchParams(next).toString(), options),
    [setSearch],
  );
  return [params, set];
}
