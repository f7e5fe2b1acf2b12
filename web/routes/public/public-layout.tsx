/** The public site's frame: header, watermark, main landmark and footer. */
import { Outlet, useNavigation } from 'react-router';
import { nav, states } from '../../../shared/copy/public';
import { SiteFooter } from '../../components/public/site-footer';
import { SiteHeader } from '../../components/public/site-header';
import { Watermark } from '../../components/public/watermark';
import { LoadingState } from '../../components/public/section-state';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings';
import { loadSection, publicUrl } from '../../lib/section-data.server';
import type { PublicLayoutData } from '../../lib/site-settings';
import type { Route } from './+types/public-layout';

/** The Site settings every public page shows (header, footer, titles, JSON-LD); a failed read shows the defaults, and the page is not cached. */
export async function loader({ context }: Route.LoaderArgs): Promise<PublicLayoutData> {
  const site = await loadSection(context, () => context.services.siteSettings.get());
  return { site: site.ok ? site.data : DEFAULT_SITE_SETTINGS, baseUrl: publicUrl(context) };
}

/** The loading text of the page being navigated to (its loaders run before it renders). */
const LOADING_TEXT: Record<string, string> = {
  '/': states.homeBannerLoading,
  '/about': states.aboutBannersLoading,
  '/client': states.clientStoriesLoading,
  '/gallery': states.galleryLoading,
  '/project/exterior': states.projectsLoading,
  '/project/interior': states.projectsLoading,
};

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { site } = loaderData;
  const navigation = useNavigation();
  const target = navigation.state === 'loading' ? navigation.location.pathname : null;
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-gray-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {nav.skipToContent}
      </a>
      <SiteHeader companyName={site.companyName} />
      <Watermark />
      {target && (
        <div className="fixed inset-x-0 top-16 z-30 mx-auto w-fit rounded-full bg-white/95 px-4 shadow-lg">
          <LoadingState text={LOADING_TEXT[target] ?? states.loading} />
        </div>
      )}
      <main id="main-content" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter site={site} />
    </>
  );
}
