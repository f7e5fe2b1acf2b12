/** The public site's frame: header, watermark, main landmark and footer. */
import { Outlet, useNavigation } from 'react-router';
import { nav, states } from '../../../shared/copy/public';
import { SiteFooter } from '../../components/public/site-footer';
import { SiteHeader } from '../../components/public/site-header';
import { Watermark } from '../../components/public/watermark';
import { LoadingState } from '../../components/public/section-state';

/** The loading text of the page being navigated to (its loaders run before it renders). */
const LOADING_TEXT: Record<string, string> = {
  '/': states.homeBannerLoading,
  '/about': states.aboutBannersLoading,
  '/client': states.clientStoriesLoading,
  '/gallery': states.galleryLoading,
  '/project/exterior': states.projectsLoading,
  '/project/interior': states.projectsLoading,
};

export default function PublicLayout() {
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
      <SiteHeader />
      <Watermark />
      {target && (
        <div className="fixed inset-x-0 top-16 z-30 mx-auto w-fit rounded-full bg-white/95 px-4 shadow-lg">
          <LoadingState text={LOADING_TEXT[target] ?? states.loading} />
        </div>
      )}
      <main id="main-content" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
