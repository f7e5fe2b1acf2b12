/** The public layout's data (the Site settings and where the public entry is), read by each public page and its meta. */
import type { Language } from '../../shared/languages';
import type { SiteSettings } from '../../shared/site-settings';

/** The route id of routes/public/public-layout.tsx, whose loader reads the settings. */
export const PUBLIC_LAYOUT_ID = 'routes/public/public-layout';

/** What the public layout's loader returns. */
export interface PublicLayoutData {
  site: SiteSettings;
  baseUrl: string;
  /** The built public entry's URL; null on the development server, where React Router hydrates the page. */
  entry: string | null;
  /** Where the language switcher leads instead of the page in that language (a preview link's same preview). */
  languageLinks?: Partial<Record<Language, string>>;
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
