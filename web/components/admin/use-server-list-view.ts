/**
 * A list the server pages (the inbox, the media library; decision 0023, "Lists the server pages"): its loader reads
 * the view from the address and asks for one page; this keeps the search box, the filters and the pager on that
 * view. The search replaces the address once the typing pauses (Back leaves the screen rather than stepping through
 * each word); a filter or a page pushes one (Back returns to the view before). The item opened over the list (its
 * own query parameter) stays open over a new view.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRevalidator, useSearchParams } from 'react-router';
import type { ServerListView } from '../../lib/admin/list-query';

const SEARCH_DELAY_MS = 300;

export interface ServerList<V extends ServerListView> {
  /** The view asked for last, even while it loads: the filters show it, and a search typed next keeps it. */
  asked: V;
  /** A new view of the screen loading, or the list read again. */
  loading: boolean;
  /** The page shown (the loaded view's), and going to another (pushed, with the search typed so far). */
  page: number;
  toPage: (page: number) => void;
  /** The search box: its text (it follows the address too: Back and Forward) and how typing changes it. */
  search: { text: string; onType: (text: string) => void };
  /** Another view: `changes` on the one asked, on its first page; a search still waiting goes with it. */
  show: (changes: Partial<V>) => void;
  /** The id of the item opened over the list; opening one (over the view with the search typed so far) and closing it. */
  openedId: string | null;
  openItem: (id: string) => void;
  closeOpened: () => void;
}

export function useServerListView<V extends ServerListView>(
  loaded: V,
  {
    screen,
    viewOf,
    queryOf,
    opened,
  }: {
    /** The screen's path: a navigation to it is a new view loading. */
    screen: string;
    viewOf: (params: URLSearchParams) => V;
    queryOf: (view: V) => URLSearchParams;
    /** The query parameter naming the item opened over the list. */
    opened: string;
  },
): ServerList<V> {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loadingView = navigation.state === 'loading' && navigation.location.pathname === screen;
  const asked = loadingView ? viewOf(new URLSearchParams(navigation.location.search)) : loaded;

  const [searchText, setSearchText] = useState(loaded.q);
  const [searchShown, setSearchShown] = useState(loaded.q);
  if (loaded.q !== searchShown) {
    setSearchShown(loaded.q);
    if (searchText.trim() !== loaded.q) setSearchText(loaded.q);
  }
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  /** The view asked with `changes`, the search `q` and the `page` (the first unless given). */
  const go = (q: string, changes: Partial<V>, page: number, replace: boolean) => {
    const next = queryOf({ ...asked, ...changes, q, page });
    const openedId = params.get(opened);
    if (openedId) next.set(opened, openedId);
    setParams(next, { replace, preventScrollReset: true });
  };
  /** The search typed so far, its wait ended: what a view chosen now goes with. */
  const searchNow = () => {
    clearTimeout(searchTimer.current);
    return searchText.trim();
  };

  return {
    asked,
    loading: revalidator.state === 'loading' || loadingView,
    search: {
      text: searchText,
      onType: (text) => {
        setSearchText(text);
        clearTimeout(searchTimer.current);
        searchTimer.current = setTimeout(() => {
          if (text.trim() !== loaded.q) go(text.trim(), {}, 1, true);
        }, SEARCH_DELAY_MS);
      },
    },
    show: (changes) => go(searchNow(), changes, 1, false),
    page: loaded.page,
    toPage: (page) => go(searchNow(), {}, page, false),
    openedId: params.get(opened),
    openItem: (id) => {
      const q = searchNow();
      const next = queryOf({ ...asked, q, page: q === asked.q ? asked.page : 1 });
      next.set(opened, id);
      setParams(next);
    },
    closeOpened: () => {
      if (!params.has(opened)) return;
      const next = new URLSearchParams(params);
      next.delete(opened);
      setParams(next, { replace: true, preventScrollReset: true });
    },
  };
}
