/**
 * A public page as its route renders it on the server: the frame and the page inside #public-app,
 * its props as a JSON data block, and the module script that loads the public entry (not React
 * Router's). Without a built entry (the development server) React Router hydrates the document.
 */
import type { ComponentType } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings';
import { PublicApp } from '../components/public/public-app';
import { useNonce } from '../nonce-context';
import { PUBLIC_APP_ID, PUBLIC_PAGE_DATA_ID, jsonForScript, type PublicPageData } from './public-page-data';
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from './site-settings';
import { splitLanguage } from '../../shared/languages';
import { publicCopyOf } from './public-copies';

export function PublicPage<P extends object>({ name, Component, props }: { name: string; Component: ComponentType<P>; props: P }) {
  const layout = useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ID);
  const { pathname, search } = useLocation();
  const nonce = useNonce();
  const data: PublicPageData = {
    name,
    address: {
      site: layout?.site ?? DEFAULT_SITE_SETTINGS,
      language: splitLanguage(pathname).language,
      pathname,
      search,
      ...(layout?.languageLinks ? { languageLinks: layout.languageLinks } : {}),
    },
    props: props as Record<string, unknown>,
  };
  return (
    <>
      <div id={PUBLIC_APP_ID}>
        <PublicApp {...data.address} copy={publicCopyOf(data.address.language)}>
          <Component {...props} />
        </PublicApp>
      </div>
      <script type="application/json" id={PUBLIC_PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      {layout?.entry ? (
        <script
          nonce={nonce || undefined}
          type="module"
          async
          dangerouslySetInnerHTML={{ __html: `import(${jsonForScript(layout.entry)})` }}
        />
      ) : null}
    </>
  );
}
