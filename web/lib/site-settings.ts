/** The Site settings on the public pages: loaded once by the public layout, read by its parts and each page's meta. */
import { useRouteLoaderData } from 'react-router';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/site-settings';

/** The route id of routes/public/public-layout.tsx, whose loader reads the settings. */
const PUBLIC_LAYOUT_ID = 'routes/public/public-layout';

/** What the public layout's loader returns. */
export interface PublicLayoutData {
  site: SiteSettings;
  baseUrl: string;
}

/** The settings inside the public layout (the defaults outside it, e.g. in an error page). */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<PublicLayoutData>(PUBLIC_LAYOUT_ID)?.site ?? DEFAULT_SITE_SETTINGS;
}

/** The layout's data among a meta function's matches. */
export function layoutDataOf(matches: readonly unknown[]): PublicLayoutData | null {
  for (const match of matches) {
    if (match && typeof match === 'object' && 'id' in match && match.id === PUBLIC_LAYOUT_ID && 'data' in match && match.data) {
      return match.data as PublicLayoutData;
    }
  }
  return null;
}
