/**
 * The browser entry of the public pages (docs/decisions/0027): no React Router in the browser.
 * The server rendered the page inside #public-app with its props in #public-page; this hydrates
 * that element with the same frame and the named page, whose code is fetched on its own.
 */
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PublicApp } from './components/public/public-app';
import { PUBLIC_APP_ID, PUBLIC_PAGE_DATA_ID, type PublicPageData } from './lib/public-page-data';
import { loadPublicCopy } from './lib/public-copy';

/** Marks the document once the page has hydrated: the browser tests wait for it (e2e/fixtures/test.ts). */
function HydratedMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/** Each page's component by its file (web/pages/<name>.tsx), each its own chunk, loaded when a page names it. */
const pageComponents = import.meta.glob<ComponentType<Record<string, unknown>>>('./pages/*.tsx', { import: 'default' });

const container = document.getElementById(PUBLIC_APP_ID);
const data = JSON.parse(document.getElementById(PUBLIC_PAGE_DATA_ID)?.textContent ?? 'null') as PublicPageData | null;
const loadPage = data ? pageComponents[`./pages/${data.name}.tsx`] : undefined;
if (container && data && loadPage) {
  void Promise.all([loadPage(), loadPublicCopy(data.address.language)]).then(([Component, copy]) => {
    // as a transition, hydration yields to the browser every few milliseconds instead of one long task
    startTransition(() => {
      hydrateRoot(
        container,
        <HydratedMark>
          <PublicApp {...data.address} copy={copy}>
            <Component {...data.props} />
          </PublicApp>
        </HydratedMark>,
      );
    });
  });
}
