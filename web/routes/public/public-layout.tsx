/** The public pages' parent route: loads the Site settings once; each page renders its frame through PublicPage (web/lib/public-page.tsx). */
import { Outlet } from 'react-router';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings';
import { loadSection, publicUrl } from '../../lib/section-data.server';
import type { PublicLayoutData } from '../../lib/site-settings';
import type { Route } from './+types/public-layout';

/** The Site settings every public page shows (header, footer, titles, JSON-LD); a failed read shows the defaults, and the page is not cached. */
export async function loader({ context }: Route.LoaderArgs): Promise<PublicLayoutData> {
  const site = await loadSection(context, () => context.services.siteSettings.get());
  return { site: site.ok ? site.data : DEFAULT_SITE_SETTINGS, baseUrl: publicUrl(context), entry: context.publicEntry };
}

export default function PublicLayout() {
  return <Outlet />;
}
