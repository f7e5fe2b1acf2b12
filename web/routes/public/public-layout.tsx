/** The public pages' parent route: loads the Site settings once; each page renders its frame through PublicPage (web/lib/public-page.tsx). */
import { Outlet } from 'react-router';
import { formatPhone } from '../../../shared/phone';
import { splitLanguage } from '../../../shared/languages';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../../shared/site-settings';
import { loadDocument, publicUrl } from '../../lib/section-data.server';
import type { PublicLayoutData } from '../../lib/site-settings';
import type { Route } from './+types/public-layout';

/** Numbers (stored in E.164) as visitors read them, formatted here so the pages need no phone library; their tel: and wa.me links keep every digit. */
function forVisitors(site: SiteSettings): SiteSettings {
  return { ...site, phone: formatPhone(site.phone), whatsapp: formatPhone(site.whatsapp) };
}

/**
 * The Site settings every public page shows (header, footer, titles, JSON-LD), or those a preview shows; a failed read
 * shows the defaults, and the page is not cached.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<PublicLayoutData> {
  // in the page's language: its default title and description and its address's words (docs/decisions/0049)
  const site = await loadDocument(context, 'site-settings', splitLanguage(new URL(request.url).pathname).language);
  return {
    site: forVisitors(site.ok ? site.data : DEFAULT_SITE_SETTINGS),
    baseUrl: publicUrl(context),
    entry: context.publicEntry,
    ...(context.languageLinks ? { languageLinks: context.languageLinks } : {}),
  };
}

export default function PublicLayout() {
  return <Outlet />;
}
