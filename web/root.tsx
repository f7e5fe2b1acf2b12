/** The document shell shared by the public site and the admin area. */
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { LinksFunction } from 'react-router';
import { useEffect } from 'react';
import './styles/public.css';
import kannadaFontFaces from './styles/fonts-kannada.css?inline';
import { languageDef, splitLanguage } from '../shared/languages';
import { useNonce } from './nonce-context';
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from './lib/site-settings';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * Each served font (shared/languages.ts names a language's font), only on its language's pages: its @font-face rules in
 * the page (half a KiB: a stylesheet of its own cost a render-blocking request, 450-630 ms of first paint on a slow
 * phone network). Not preloaded: on a slow network the preload took the bandwidth the stylesheet and the page's
 * largest image needed (first paint 1.3 s and largest paint 2.0 s on /kn/gallery, against 0.8 s and 1.0 s without);
 * the text shows in the system's Kannada font until this one arrives (font-display: swap).
 */
const FONTS: Record<NonNullable<ReturnType<typeof languageDef>['font']>, { faces: string }> = {
  kannada: { faces: kannadaFontFaces },
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // a public page loads its own small entry instead of React Router's (web/lib/public-page.tsx)
  const ownEntry = Boolean(useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ID)?.entry);
  // the page's language is its path's (docs/decisions/0049); the admin area is English
  const language = languageDef(splitLanguage(useLocation().pathname).language);
  return (
    <html lang={language.code}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#FF6700" />
        <Meta />
        <Links />
        {language.font ? <style dangerouslySetInnerHTML={{ __html: FONTS[language.font].faces }} /> : null}
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        {children}
        {ownEntry ? null : (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // the browser tests wait for this mark (public pages set it in web/public-entry.tsx)
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4">
        <a className="text-brand underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
