/**
 * The next page's loading text while the browser fetches it: links between public pages are full
 * page loads (docs/decisions/0027), and on a slow network the old page otherwise just sits there.
 */
import { useEffect, useState } from 'react';
import { copyText, type CopyKey } from '../../../shared/copy/public-copy';
import { splitLanguage } from '../../../shared/languages';
import { PUBLIC_SITE_MAP } from '../../lib/public-site-map';
import { usePublicCopy } from './page-context';
import { LoadingState } from './section-state';

/** The loading text of the page being navigated to, from the pages' definitions. */
const LOADING_TEXT: Record<string, CopyKey | undefined> = Object.fromEntries(PUBLIC_SITE_MAP.map((page) => [page.path, page.loadingText]));

/** The path a plain left click on this link leaves for; null when the browser stays (new tab, same page, another site). */
function leavingFor(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/admin')) return null;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  // the page's own path: its loading text whatever the language (/kn/gallery is the gallery)
  return samePage ? null : splitLanguage(url.pathname).path;
}

export function NavigationPending() {
  const copy = usePublicCopy();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    // bubbling: a handler that prevents the default (a filter, the menu) has already run
    const onClick = (event: MouseEvent) => setTarget(leavingFor(event));
    // back to this page from the browser's page cache: nothing is loading any more
    const onShow = () => setTarget(null);
    document.addEventListener('click', onClick);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
  if (!target) return null;
  // the next page's own path names its text: the links of a page lead to pages in its language
  const text = LOADING_TEXT[splitLanguage(target).path];
  return (
    <div className="fixed inset-x-0 top-16 z-30 mx-auto w-fit rounded-full bg-white/95 px-4 shadow-lg" data-testid="navigation-pending">
      <LoadingState text={text ? copyText(copy, text) : copy.states.loading} />
    </div>
  );
}
