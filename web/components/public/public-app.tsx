/** The public site's frame around a page: skip link, header, watermark, main landmark and footer, with the page's context. */
import type { ReactNode } from 'react';
import { NavigationPending } from './navigation-pending';
import { PageContextProvider, type PageAddress } from './page-context';
import type { PublicCopy } from '../../../shared/copy/public-copy';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { Watermark } from './watermark';
import { CarryVisitSource } from './visit-source';

export function PublicApp({ children, copy, ...address }: PageAddress & { copy: PublicCopy; children: ReactNode }) {
  return (
    <PageContextProvider {...address} copy={copy}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-gray-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {copy.nav.skipToContent}
      </a>
      <SiteHeader companyName={address.site.companyName} />
      <Watermark />
      <NavigationPending />
      <CarryVisitSource />
      <main id="main-content" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter site={address.site} />
    </PageContextProvider>
  );
}
